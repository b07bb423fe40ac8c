CREATE TABLE "company_videos" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "company_videos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"file_id" bigint NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favourites" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "favourites_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"target_type" text NOT NULL,
	"target_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourites_target_type_check" CHECK ("favourites"."target_type" in ('Occupation', 'Company'))
);
--> statement-breakpoint
CREATE TABLE "delivery_feedbacks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "delivery_feedbacks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"delivery_id" bigint NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'ToBeProcessed' NOT NULL,
	"created_by" bigint NOT NULL,
	"start_at" timestamp with time zone,
	"respond_by" timestamp with time zone,
	"contact_person" text DEFAULT '' NOT NULL,
	"mobile" text DEFAULT '' NOT NULL,
	"place" text DEFAULT '' NOT NULL,
	"notice" text DEFAULT '' NOT NULL,
	"offer_description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	CONSTRAINT "delivery_feedbacks_type_check" CHECK ("delivery_feedbacks"."type" in ('Written', 'Interview', 'Offer', 'Inappropriate')),
	CONSTRAINT "delivery_feedbacks_status_check" CHECK ("delivery_feedbacks"."status" in ('ToBeProcessed', 'Accepted', 'Rejected'))
);
--> statement-breakpoint
CREATE TABLE "delivery_occupations" (
	"delivery_id" bigint NOT NULL,
	"intern_occupation_id" bigint NOT NULL,
	CONSTRAINT "delivery_occupations_delivery_id_intern_occupation_id_pk" PRIMARY KEY("delivery_id","intern_occupation_id")
);
--> statement-breakpoint
CREATE TABLE "delivery_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "delivery_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"company_id" bigint NOT NULL,
	"campus_recruit_mode" text NOT NULL,
	"occupation_id" bigint,
	"intern_group_id" bigint,
	"resume_type" text NOT NULL,
	"resume_id" bigint NOT NULL,
	"resume_file_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"viewed_at" timestamp with time zone,
	"inappropriate_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_records_mode_check" CHECK (("delivery_records"."campus_recruit_mode" = 'Recruitment' and "delivery_records"."occupation_id" is not null and "delivery_records"."intern_group_id" is null) or ("delivery_records"."campus_recruit_mode" = 'InternProgram' and "delivery_records"."intern_group_id" is not null and "delivery_records"."occupation_id" is null)),
	CONSTRAINT "delivery_records_resume_type_check" CHECK ("delivery_records"."resume_type" in ('Online', 'Attached'))
);
--> statement-breakpoint
CREATE TABLE "feedback_intern_occupations" (
	"feedback_id" bigint NOT NULL,
	"intern_occupation_id" bigint NOT NULL,
	CONSTRAINT "feedback_intern_occupations_feedback_id_intern_occupation_id_pk" PRIMARY KEY("feedback_id","intern_occupation_id")
);
--> statement-breakpoint
CREATE TABLE "feedback_materials" (
	"feedback_id" bigint NOT NULL,
	"file_id" bigint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "feedback_materials_feedback_id_file_id_pk" PRIMARY KEY("feedback_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "intern_occupations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "intern_occupations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"group_id" bigint NOT NULL,
	"name" text NOT NULL,
	"job_nature" text DEFAULT 'FullTime' NOT NULL,
	"min_salary" integer DEFAULT 0 NOT NULL,
	"max_salary" integer DEFAULT 999 NOT NULL,
	"degree" text DEFAULT 'Unlimited' NOT NULL,
	"skills" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"province_code" text,
	"province_name" text DEFAULT '' NOT NULL,
	"city_code" text,
	"city_name" text DEFAULT '' NOT NULL,
	"area_name" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"longitude" double precision,
	"latitude" double precision,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recruitment_occupations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recruitment_occupations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"created_by" bigint NOT NULL,
	"name" text NOT NULL,
	"job_nature" text DEFAULT 'FullTime' NOT NULL,
	"min_salary" integer DEFAULT 0 NOT NULL,
	"max_salary" integer DEFAULT 999 NOT NULL,
	"degree" text DEFAULT 'Unlimited' NOT NULL,
	"skills" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"province_code" text,
	"province_name" text DEFAULT '' NOT NULL,
	"city_code" text,
	"city_name" text DEFAULT '' NOT NULL,
	"area_name" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"longitude" double precision,
	"latitude" double precision,
	"standard_occupation_code" text,
	"onlined" text DEFAULT 'No' NOT NULL,
	"approval_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recruitment_occupations_onlined_check" CHECK ("recruitment_occupations"."onlined" in ('Yes', 'No')),
	CONSTRAINT "recruitment_occupations_salary_check" CHECK ("recruitment_occupations"."min_salary" >= 0 and "recruitment_occupations"."max_salary" >= "recruitment_occupations"."min_salary")
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "nickname" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "financing_round" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "industry" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "scale" text;--> statement-breakpoint
ALTER TABLE "internship_groups" ADD COLUMN "recruit_state" text DEFAULT 'Draft' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_videos" ADD CONSTRAINT "company_videos_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_videos" ADD CONSTRAINT "company_videos_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_feedbacks" ADD CONSTRAINT "delivery_feedbacks_delivery_id_delivery_records_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."delivery_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_feedbacks" ADD CONSTRAINT "delivery_feedbacks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_occupations" ADD CONSTRAINT "delivery_occupations_delivery_id_delivery_records_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."delivery_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_occupations" ADD CONSTRAINT "delivery_occupations_intern_occupation_id_intern_occupations_id_fk" FOREIGN KEY ("intern_occupation_id") REFERENCES "public"."intern_occupations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_records" ADD CONSTRAINT "delivery_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_records" ADD CONSTRAINT "delivery_records_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_records" ADD CONSTRAINT "delivery_records_occupation_id_recruitment_occupations_id_fk" FOREIGN KEY ("occupation_id") REFERENCES "public"."recruitment_occupations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_records" ADD CONSTRAINT "delivery_records_intern_group_id_internship_groups_id_fk" FOREIGN KEY ("intern_group_id") REFERENCES "public"."internship_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_records" ADD CONSTRAINT "delivery_records_resume_file_id_files_id_fk" FOREIGN KEY ("resume_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_intern_occupations" ADD CONSTRAINT "feedback_intern_occupations_feedback_id_delivery_feedbacks_id_fk" FOREIGN KEY ("feedback_id") REFERENCES "public"."delivery_feedbacks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_intern_occupations" ADD CONSTRAINT "feedback_intern_occupations_intern_occupation_id_intern_occupations_id_fk" FOREIGN KEY ("intern_occupation_id") REFERENCES "public"."intern_occupations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_materials" ADD CONSTRAINT "feedback_materials_feedback_id_delivery_feedbacks_id_fk" FOREIGN KEY ("feedback_id") REFERENCES "public"."delivery_feedbacks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_materials" ADD CONSTRAINT "feedback_materials_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intern_occupations" ADD CONSTRAINT "intern_occupations_group_id_internship_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."internship_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruitment_occupations" ADD CONSTRAINT "recruitment_occupations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruitment_occupations" ADD CONSTRAINT "recruitment_occupations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_videos_company_idx" ON "company_videos" USING btree ("company_id","sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "favourites_user_target_idx" ON "favourites" USING btree ("user_id","target_type","target_id");--> statement-breakpoint
CREATE INDEX "favourites_user_list_idx" ON "favourites" USING btree ("user_id","target_type","created_at");--> statement-breakpoint
CREATE INDEX "favourites_target_idx" ON "favourites" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "delivery_feedbacks_delivery_idx" ON "delivery_feedbacks" USING btree ("delivery_id","type","created_at");--> statement-breakpoint
CREATE INDEX "delivery_feedbacks_unread_idx" ON "delivery_feedbacks" USING btree ("delivery_id") WHERE "delivery_feedbacks"."read_at" is null;--> statement-breakpoint
CREATE INDEX "delivery_occupations_occupation_idx" ON "delivery_occupations" USING btree ("intern_occupation_id");--> statement-breakpoint
CREATE INDEX "delivery_records_user_idx" ON "delivery_records" USING btree ("user_id","campus_recruit_mode","created_at");--> statement-breakpoint
CREATE INDEX "delivery_records_user_viewed_idx" ON "delivery_records" USING btree ("user_id","campus_recruit_mode","viewed_at");--> statement-breakpoint
CREATE INDEX "delivery_records_company_idx" ON "delivery_records" USING btree ("company_id","campus_recruit_mode","created_at");--> statement-breakpoint
CREATE INDEX "delivery_records_occupation_idx" ON "delivery_records" USING btree ("occupation_id","created_at");--> statement-breakpoint
CREATE INDEX "delivery_records_group_idx" ON "delivery_records" USING btree ("intern_group_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_records_live_occupation_idx" ON "delivery_records" USING btree ("user_id","occupation_id") WHERE "delivery_records"."canceled_at" is null and "delivery_records"."occupation_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_records_live_group_idx" ON "delivery_records" USING btree ("user_id","intern_group_id") WHERE "delivery_records"."canceled_at" is null and "delivery_records"."intern_group_id" is not null;--> statement-breakpoint
CREATE INDEX "feedback_materials_file_idx" ON "feedback_materials" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "intern_occupations_group_idx" ON "intern_occupations" USING btree ("group_id","sort","id");--> statement-breakpoint
CREATE INDEX "recruitment_occupations_company_idx" ON "recruitment_occupations" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "recruitment_occupations_online_idx" ON "recruitment_occupations" USING btree ("onlined","approval_at","id");--> statement-breakpoint
CREATE INDEX "internship_groups_recruit_idx" ON "internship_groups" USING btree ("recruit_state","id");--> statement-breakpoint
ALTER TABLE "internship_groups" ADD CONSTRAINT "internship_groups_recruit_state_check" CHECK ("internship_groups"."recruit_state" in ('Draft', 'Online', 'Offline'));