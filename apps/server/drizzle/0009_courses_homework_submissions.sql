CREATE TABLE "course_members" (
	"course_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"class_id" bigint,
	"member_type" text DEFAULT 'Student' NOT NULL,
	"focus" boolean DEFAULT false NOT NULL,
	"focused_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_members_course_id_user_id_pk" PRIMARY KEY("course_id","user_id"),
	CONSTRAINT "course_members_type_check" CHECK ("course_members"."member_type" in ('Student', 'Teacher'))
);
--> statement-breakpoint
CREATE TABLE "teaching_classes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "teaching_classes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"course_id" bigint NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"organisation_id" bigint NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "homework_answers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "homework_answers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"submission_id" bigint NOT NULL,
	"question_id" bigint NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"grade_state" text DEFAULT 'pending' NOT NULL,
	"grade_source" text,
	"score" double precision,
	"max_score" integer NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"basis" text DEFAULT '' NOT NULL,
	"code_detail" jsonb,
	"judge_claimed_at" timestamp with time zone,
	"graded_at" timestamp with time zone,
	"graded_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "homework_answers_grade_state_check" CHECK ("homework_answers"."grade_state" in ('pending', 'graded', 'failed')),
	CONSTRAINT "homework_answers_grade_source_check" CHECK ("homework_answers"."grade_source" is null or "homework_answers"."grade_source" in ('auto', 'code', 'ai', 'teacher')),
	CONSTRAINT "homework_answers_score_check" CHECK ("homework_answers"."score" is null or ("homework_answers"."score" >= 0 and "homework_answers"."score" <= "homework_answers"."max_score"))
);
--> statement-breakpoint
CREATE TABLE "homework_judge_runs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "homework_judge_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"homework_id" bigint NOT NULL,
	"requested_by" bigint NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"judged" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "homework_judge_runs_status_check" CHECK ("homework_judge_runs"."status" in ('running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "homework_submissions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "homework_submissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"homework_id" bigint NOT NULL,
	"student_id" bigint NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"submitted_at" timestamp with time zone,
	"total_score" double precision,
	"pending_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "homework_submissions_status_check" CHECK ("homework_submissions"."status" in ('draft', 'submitted'))
);
--> statement-breakpoint
DROP INDEX "courses_teacher_idx";--> statement-breakpoint
DROP INDEX "homeworks_course_idx";--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "type" text DEFAULT 'Theory' NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "start_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "end_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "cover_style" integer;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "school_id" bigint;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "homework_questions" ADD COLUMN "score" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "homeworks" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "homeworks" ADD COLUMN "deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "homeworks" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "homeworks" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "homeworks" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "course_members" ADD CONSTRAINT "course_members_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_members" ADD CONSTRAINT "course_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_members" ADD CONSTRAINT "course_members_class_id_teaching_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."teaching_classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_classes" ADD CONSTRAINT "teaching_classes_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_classes" ADD CONSTRAINT "teaching_classes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_answers" ADD CONSTRAINT "homework_answers_submission_id_homework_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."homework_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_answers" ADD CONSTRAINT "homework_answers_question_id_homework_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."homework_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_answers" ADD CONSTRAINT "homework_answers_graded_by_users_id_fk" FOREIGN KEY ("graded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_judge_runs" ADD CONSTRAINT "homework_judge_runs_homework_id_homeworks_id_fk" FOREIGN KEY ("homework_id") REFERENCES "public"."homeworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_judge_runs" ADD CONSTRAINT "homework_judge_runs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_submissions" ADD CONSTRAINT "homework_submissions_homework_id_homeworks_id_fk" FOREIGN KEY ("homework_id") REFERENCES "public"."homeworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_submissions" ADD CONSTRAINT "homework_submissions_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_members_user_idx" ON "course_members" USING btree ("user_id","archived_at");--> statement-breakpoint
CREATE INDEX "course_members_class_idx" ON "course_members" USING btree ("class_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teaching_classes_code_idx" ON "teaching_classes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "teaching_classes_course_idx" ON "teaching_classes" USING btree ("course_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "homework_answers_submission_question_idx" ON "homework_answers" USING btree ("submission_id","question_id");--> statement-breakpoint
CREATE INDEX "homework_answers_question_state_idx" ON "homework_answers" USING btree ("question_id","grade_state");--> statement-breakpoint
CREATE INDEX "homework_judge_runs_homework_idx" ON "homework_judge_runs" USING btree ("homework_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "homework_submissions_homework_student_idx" ON "homework_submissions" USING btree ("homework_id","student_id");--> statement-breakpoint
CREATE INDEX "homework_submissions_student_idx" ON "homework_submissions" USING btree ("student_id","homework_id");--> statement-breakpoint
CREATE INDEX "homework_submissions_homework_status_idx" ON "homework_submissions" USING btree ("homework_id","status","id");--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_school_id_organisations_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."organisations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "courses_teacher_idx" ON "courses" USING btree ("teacher_id","id");--> statement-breakpoint
CREATE INDEX "homeworks_course_idx" ON "homeworks" USING btree ("course_id","id");--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_type_check" CHECK ("courses"."type" in ('Theory', 'Train'));--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_cover_style_check" CHECK ("courses"."cover_style" is null or "courses"."cover_style" between 0 and 4);--> statement-breakpoint
ALTER TABLE "homework_questions" ADD CONSTRAINT "homework_questions_score_check" CHECK ("homework_questions"."score" between 1 and 9999);