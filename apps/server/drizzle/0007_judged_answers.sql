CREATE TABLE "judged_answers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "judged_answers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"question_id" bigint NOT NULL,
	"student_answer" text NOT NULL,
	"question_score" integer NOT NULL,
	"score" double precision NOT NULL,
	"comment" text NOT NULL,
	"basis" text NOT NULL,
	"applied_by" bigint NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone,
	CONSTRAINT "judged_answers_score_check" CHECK ("judged_answers"."score" >= 0 and "judged_answers"."score" <= "judged_answers"."question_score")
);
--> statement-breakpoint
ALTER TABLE "judged_answers" ADD CONSTRAINT "judged_answers_question_id_homework_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."homework_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "judged_answers" ADD CONSTRAINT "judged_answers_applied_by_users_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "judged_answers" ADD CONSTRAINT "judged_answers_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "judged_answers_question_idx" ON "judged_answers" USING btree ("question_id","id");