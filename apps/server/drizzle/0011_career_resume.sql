CREATE TABLE "division_catalog" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"parent_code" text DEFAULT '' NOT NULL,
	"level" smallint NOT NULL,
	"letter" text NOT NULL,
	"hot" boolean DEFAULT false NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_cities" (
	"user_id" bigint NOT NULL,
	"city_code" text NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "member_cities_user_id_city_code_pk" PRIMARY KEY("user_id","city_code")
);
--> statement-breakpoint
CREATE TABLE "member_intentions" (
	"user_id" bigint NOT NULL,
	"standard_occupation_code" text NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "member_intentions_user_id_standard_occupation_code_pk" PRIMARY KEY("user_id","standard_occupation_code")
);
--> statement-breakpoint
CREATE TABLE "occupation_catalog" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"parent_code" text NOT NULL,
	"level" smallint NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resume_attached" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "resume_attached_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"file_id" bigint NOT NULL,
	"name" text NOT NULL,
	"extension" text NOT NULL,
	"preview_file_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resume_attached_extension_check" CHECK ("resume_attached"."extension" in ('doc', 'docx', 'pdf'))
);
--> statement-breakpoint
CREATE TABLE "resume_online_awards" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "resume_online_awards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"resume_id" bigint NOT NULL,
	"name" text NOT NULL,
	"awarded_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resume_online_educations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "resume_online_educations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"resume_id" bigint NOT NULL,
	"school_code" text NOT NULL,
	"school_name" text NOT NULL,
	"major_code" text NOT NULL,
	"major_name" text NOT NULL,
	"degree" text NOT NULL,
	"enrolment_at" timestamp with time zone NOT NULL,
	"graduate_at" timestamp with time zone NOT NULL,
	"grading_rank" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resume_online_educations_degree_check" CHECK ("resume_online_educations"."degree" in ('College', 'Bachelor', 'Master', 'Doctor', 'Other')),
	CONSTRAINT "resume_online_educations_rank_check" CHECK ("resume_online_educations"."grading_rank" is null or "resume_online_educations"."grading_rank" in ('Top10', 'Top30', 'Medium', 'Lower', 'Secrecy'))
);
--> statement-breakpoint
CREATE TABLE "resume_online_internships" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "resume_online_internships_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"resume_id" bigint NOT NULL,
	"company_name" text NOT NULL,
	"inaugural_at" timestamp with time zone NOT NULL,
	"resign_at" timestamp with time zone NOT NULL,
	"occupation_name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resume_online_languages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "resume_online_languages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"resume_id" bigint NOT NULL,
	"language" text NOT NULL,
	"proficiency_level" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resume_online_languages_level_check" CHECK ("resume_online_languages"."proficiency_level" in ('General', 'Good', 'Skillful', 'Proficiency'))
);
--> statement-breakpoint
CREATE TABLE "resume_online_societies" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "resume_online_societies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"resume_id" bigint NOT NULL,
	"society_name" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"occupation_name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resume_onlines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "resume_onlines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"strength" text DEFAULT '' NOT NULL,
	"evaluation" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_profiles" DROP CONSTRAINT "member_profiles_sex_check";--> statement-breakpoint
ALTER TABLE "member_profiles" ADD COLUMN "grading_rank" text;--> statement-breakpoint
ALTER TABLE "member_profiles" ADD COLUMN "portrait_file_id" bigint;--> statement-breakpoint
ALTER TABLE "member_profiles" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "member_profiles" ADD COLUMN "mobile" text;--> statement-breakpoint
ALTER TABLE "member_profiles" ADD COLUMN "political_status" text;--> statement-breakpoint
ALTER TABLE "member_profiles" ADD COLUMN "domicile_province_code" text;--> statement-breakpoint
ALTER TABLE "member_profiles" ADD COLUMN "domicile_city_code" text;--> statement-breakpoint
ALTER TABLE "member_profiles" ADD COLUMN "min_salary" integer;--> statement-breakpoint
ALTER TABLE "member_profiles" ADD COLUMN "max_salary" integer;--> statement-breakpoint
ALTER TABLE "member_profiles" ADD COLUMN "status" text;--> statement-breakpoint
ALTER TABLE "member_profiles" ADD COLUMN "company_name" text;--> statement-breakpoint
ALTER TABLE "member_profiles" ADD COLUMN "company_id" bigint;--> statement-breakpoint
ALTER TABLE "member_profiles" ADD COLUMN "occupation_name" text;--> statement-breakpoint
ALTER TABLE "member_profiles" ADD COLUMN "occupation_id" text;--> statement-breakpoint
ALTER TABLE "member_profiles" ADD COLUMN "visible" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "member_cities" ADD CONSTRAINT "member_cities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_intentions" ADD CONSTRAINT "member_intentions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_intentions" ADD CONSTRAINT "member_intentions_standard_occupation_code_occupation_catalog_code_fk" FOREIGN KEY ("standard_occupation_code") REFERENCES "public"."occupation_catalog"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resume_attached" ADD CONSTRAINT "resume_attached_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resume_attached" ADD CONSTRAINT "resume_attached_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resume_attached" ADD CONSTRAINT "resume_attached_preview_file_id_files_id_fk" FOREIGN KEY ("preview_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resume_online_awards" ADD CONSTRAINT "resume_online_awards_resume_id_resume_onlines_id_fk" FOREIGN KEY ("resume_id") REFERENCES "public"."resume_onlines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resume_online_educations" ADD CONSTRAINT "resume_online_educations_resume_id_resume_onlines_id_fk" FOREIGN KEY ("resume_id") REFERENCES "public"."resume_onlines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resume_online_internships" ADD CONSTRAINT "resume_online_internships_resume_id_resume_onlines_id_fk" FOREIGN KEY ("resume_id") REFERENCES "public"."resume_onlines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resume_online_languages" ADD CONSTRAINT "resume_online_languages_resume_id_resume_onlines_id_fk" FOREIGN KEY ("resume_id") REFERENCES "public"."resume_onlines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resume_online_societies" ADD CONSTRAINT "resume_online_societies_resume_id_resume_onlines_id_fk" FOREIGN KEY ("resume_id") REFERENCES "public"."resume_onlines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resume_onlines" ADD CONSTRAINT "resume_onlines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "division_catalog_parent_idx" ON "division_catalog" USING btree ("parent_code","sequence");--> statement-breakpoint
CREATE INDEX "division_catalog_level_idx" ON "division_catalog" USING btree ("level","letter","sequence");--> statement-breakpoint
CREATE INDEX "occupation_catalog_parent_idx" ON "occupation_catalog" USING btree ("parent_code","sequence");--> statement-breakpoint
CREATE INDEX "resume_attached_user_idx" ON "resume_attached" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "resume_online_awards_resume_idx" ON "resume_online_awards" USING btree ("resume_id","awarded_at");--> statement-breakpoint
CREATE INDEX "resume_online_educations_resume_idx" ON "resume_online_educations" USING btree ("resume_id","graduate_at");--> statement-breakpoint
CREATE INDEX "resume_online_internships_resume_idx" ON "resume_online_internships" USING btree ("resume_id","inaugural_at");--> statement-breakpoint
CREATE INDEX "resume_online_languages_resume_idx" ON "resume_online_languages" USING btree ("resume_id","id");--> statement-breakpoint
CREATE INDEX "resume_online_societies_resume_idx" ON "resume_online_societies" USING btree ("resume_id","start_at");--> statement-breakpoint
CREATE UNIQUE INDEX "resume_onlines_user_idx" ON "resume_onlines" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "member_profiles" ADD CONSTRAINT "member_profiles_portrait_file_id_files_id_fk" FOREIGN KEY ("portrait_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_profiles" ADD CONSTRAINT "member_profiles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_profiles" ADD CONSTRAINT "member_profiles_grading_rank_check" CHECK ("member_profiles"."grading_rank" is null or "member_profiles"."grading_rank" in ('Top10', 'Top30', 'Medium', 'Lower', 'Secrecy'));--> statement-breakpoint
ALTER TABLE "member_profiles" ADD CONSTRAINT "member_profiles_political_check" CHECK ("member_profiles"."political_status" is null or "member_profiles"."political_status" in ('CommunistPartyMember', 'LeagueMember', 'Masses', 'DemocraticParties', 'Nonparty'));--> statement-breakpoint
ALTER TABLE "member_profiles" ADD CONSTRAINT "member_profiles_status_check" CHECK ("member_profiles"."status" is null or "member_profiles"."status" in ('Seeking', 'Accepted'));--> statement-breakpoint
ALTER TABLE "member_profiles" ADD CONSTRAINT "member_profiles_sex_check" CHECK ("member_profiles"."sex" is null or "member_profiles"."sex" in ('Male', 'Female', 'Secrecy'));