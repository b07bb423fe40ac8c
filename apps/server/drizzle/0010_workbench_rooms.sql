CREATE TABLE "internship_certificates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "internship_certificates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"user_id" bigint NOT NULL,
	"company_id" bigint NOT NULL,
	"group_id" bigint,
	"member_id" bigint,
	"issuer_id" bigint NOT NULL,
	"member_name" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"company_name" text NOT NULL,
	"school_name" text DEFAULT '' NOT NULL,
	"internship_group_name" text DEFAULT '' NOT NULL,
	"internship_start_at" timestamp with time zone,
	"internship_end_at" timestamp with time zone,
	"comment" text DEFAULT '' NOT NULL,
	"official_seal_file_id" bigint,
	"custom_file_id" bigint,
	"verify_code" text NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "internship_certificates_type_check" CHECK ("internship_certificates"."type" in ('Graduation', 'Internship', 'Customized'))
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "companies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"logo_file_id" bigint,
	"introduction" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_members" (
	"company_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_members_company_id_user_id_pk" PRIMARY KEY("company_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"storage_key" text NOT NULL,
	"owner_id" bigint NOT NULL,
	"purpose" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "internship_groups" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "internship_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"organiser_id" bigint NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "internship_invite_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "internship_invite_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"group_id" bigint NOT NULL,
	"code" text NOT NULL,
	"max_uses" integer,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "internship_members" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "internship_members_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"group_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"invite_code_id" bigint,
	"occupation_name" text NOT NULL,
	"eliminated" boolean DEFAULT false NOT NULL,
	"eliminated_description" text DEFAULT '' NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"exited_at" timestamp with time zone,
	"exit_reason" text,
	"exit_description" text,
	CONSTRAINT "internship_members_exit_reason_check" CHECK ("internship_members"."exit_reason" is null or "internship_members"."exit_reason" in ('KeepUp', 'Schedule', 'Mismatch', 'OtherProgram', 'Offline', 'Other'))
);
--> statement-breakpoint
CREATE TABLE "internship_stage_grants" (
	"stage_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "internship_stage_grants_stage_id_member_id_pk" PRIMARY KEY("stage_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "internship_stage_tasks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "internship_stage_tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"stage_id" bigint NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "internship_stages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "internship_stages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"group_id" bigint NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"open_to_all" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "internship_task_completions" (
	"task_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "internship_task_completions_task_id_member_id_pk" PRIMARY KEY("task_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "major_catalog" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_profiles" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"name" text,
	"sex" text,
	"birthday" timestamp with time zone,
	"degree" text,
	"school_code" text,
	"major_code" text,
	"enrolment_at" timestamp with time zone,
	"graduate_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_profiles_sex_check" CHECK ("member_profiles"."sex" is null or "member_profiles"."sex" in ('Male', 'Female')),
	CONSTRAINT "member_profiles_degree_check" CHECK ("member_profiles"."degree" is null or "member_profiles"."degree" in ('College', 'Bachelor', 'Master', 'Doctor', 'Other'))
);
--> statement-breakpoint
CREATE TABLE "school_catalog" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"province" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dictionary_entries" (
	"group_code" text NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dictionary_entries_group_code_code_pk" PRIMARY KEY("group_code","code")
);
--> statement-breakpoint
CREATE TABLE "open_course_lecturers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "open_course_lecturers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"open_course_id" bigint NOT NULL,
	"name" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"introduction" text DEFAULT '' NOT NULL,
	"avatar_file_id" bigint,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "open_course_partner_companies" (
	"open_course_id" bigint NOT NULL,
	"company_id" bigint NOT NULL,
	CONSTRAINT "open_course_partner_companies_open_course_id_company_id_pk" PRIMARY KEY("open_course_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "open_course_partner_schools" (
	"open_course_id" bigint NOT NULL,
	"organisation_id" bigint NOT NULL,
	CONSTRAINT "open_course_partner_schools_open_course_id_organisation_id_pk" PRIMARY KEY("open_course_id","organisation_id")
);
--> statement-breakpoint
CREATE TABLE "open_course_progress" (
	"user_id" bigint NOT NULL,
	"session_id" bigint NOT NULL,
	"position_seconds" real DEFAULT 0 NOT NULL,
	"watched_seconds" real DEFAULT 0 NOT NULL,
	"duration_seconds" real DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "open_course_progress_user_id_session_id_pk" PRIMARY KEY("user_id","session_id")
);
--> statement-breakpoint
CREATE TABLE "open_course_sessions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "open_course_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"open_course_id" bigint NOT NULL,
	"title" text NOT NULL,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"video_file_id" bigint,
	"hls_url" text,
	"duration_seconds" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "open_course_subscriptions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "open_course_subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"open_course_id" bigint NOT NULL,
	"progress_percentage" real DEFAULT 0 NOT NULL,
	"subscribed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_studied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "open_courses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "open_courses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organiser_id" bigint NOT NULL,
	"company_id" bigint,
	"name" text NOT NULL,
	"live_mode" text NOT NULL,
	"status" text DEFAULT 'Draft' NOT NULL,
	"classify_code" text,
	"industry_code" text,
	"poster_file_id" bigint,
	"introduction" text DEFAULT '' NOT NULL,
	"start_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "open_courses_live_mode_check" CHECK ("open_courses"."live_mode" in ('SingleLive', 'SeriesLive', 'Video')),
	CONSTRAINT "open_courses_status_check" CHECK ("open_courses"."status" in ('Draft', 'Online', 'Offline'))
);
--> statement-breakpoint
ALTER TABLE "internship_certificates" ADD CONSTRAINT "internship_certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_certificates" ADD CONSTRAINT "internship_certificates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_certificates" ADD CONSTRAINT "internship_certificates_group_id_internship_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."internship_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_certificates" ADD CONSTRAINT "internship_certificates_member_id_internship_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."internship_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_certificates" ADD CONSTRAINT "internship_certificates_issuer_id_users_id_fk" FOREIGN KEY ("issuer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_certificates" ADD CONSTRAINT "internship_certificates_official_seal_file_id_files_id_fk" FOREIGN KEY ("official_seal_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_certificates" ADD CONSTRAINT "internship_certificates_custom_file_id_files_id_fk" FOREIGN KEY ("custom_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_logo_file_id_files_id_fk" FOREIGN KEY ("logo_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_groups" ADD CONSTRAINT "internship_groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_groups" ADD CONSTRAINT "internship_groups_organiser_id_users_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_invite_codes" ADD CONSTRAINT "internship_invite_codes_group_id_internship_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."internship_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_members" ADD CONSTRAINT "internship_members_group_id_internship_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."internship_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_members" ADD CONSTRAINT "internship_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_members" ADD CONSTRAINT "internship_members_invite_code_id_internship_invite_codes_id_fk" FOREIGN KEY ("invite_code_id") REFERENCES "public"."internship_invite_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_stage_grants" ADD CONSTRAINT "internship_stage_grants_stage_id_internship_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."internship_stages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_stage_grants" ADD CONSTRAINT "internship_stage_grants_member_id_internship_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."internship_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_stage_tasks" ADD CONSTRAINT "internship_stage_tasks_stage_id_internship_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."internship_stages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_stages" ADD CONSTRAINT "internship_stages_group_id_internship_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."internship_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_task_completions" ADD CONSTRAINT "internship_task_completions_task_id_internship_stage_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."internship_stage_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_task_completions" ADD CONSTRAINT "internship_task_completions_member_id_internship_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."internship_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_profiles" ADD CONSTRAINT "member_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_profiles" ADD CONSTRAINT "member_profiles_school_code_school_catalog_code_fk" FOREIGN KEY ("school_code") REFERENCES "public"."school_catalog"("code") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_profiles" ADD CONSTRAINT "member_profiles_major_code_major_catalog_code_fk" FOREIGN KEY ("major_code") REFERENCES "public"."major_catalog"("code") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_course_lecturers" ADD CONSTRAINT "open_course_lecturers_open_course_id_open_courses_id_fk" FOREIGN KEY ("open_course_id") REFERENCES "public"."open_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_course_lecturers" ADD CONSTRAINT "open_course_lecturers_avatar_file_id_files_id_fk" FOREIGN KEY ("avatar_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_course_partner_companies" ADD CONSTRAINT "open_course_partner_companies_open_course_id_open_courses_id_fk" FOREIGN KEY ("open_course_id") REFERENCES "public"."open_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_course_partner_companies" ADD CONSTRAINT "open_course_partner_companies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_course_partner_schools" ADD CONSTRAINT "open_course_partner_schools_open_course_id_open_courses_id_fk" FOREIGN KEY ("open_course_id") REFERENCES "public"."open_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_course_partner_schools" ADD CONSTRAINT "open_course_partner_schools_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_course_progress" ADD CONSTRAINT "open_course_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_course_progress" ADD CONSTRAINT "open_course_progress_session_id_open_course_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."open_course_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_course_sessions" ADD CONSTRAINT "open_course_sessions_open_course_id_open_courses_id_fk" FOREIGN KEY ("open_course_id") REFERENCES "public"."open_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_course_sessions" ADD CONSTRAINT "open_course_sessions_video_file_id_files_id_fk" FOREIGN KEY ("video_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_course_subscriptions" ADD CONSTRAINT "open_course_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_course_subscriptions" ADD CONSTRAINT "open_course_subscriptions_open_course_id_open_courses_id_fk" FOREIGN KEY ("open_course_id") REFERENCES "public"."open_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_courses" ADD CONSTRAINT "open_courses_organiser_id_users_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_courses" ADD CONSTRAINT "open_courses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_courses" ADD CONSTRAINT "open_courses_poster_file_id_files_id_fk" FOREIGN KEY ("poster_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "internship_certificates_verify_code_idx" ON "internship_certificates" USING btree ("verify_code");--> statement-breakpoint
CREATE INDEX "internship_certificates_user_idx" ON "internship_certificates" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "internship_certificates_company_idx" ON "internship_certificates" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "companies_name_idx" ON "companies" USING btree ("name");--> statement-breakpoint
CREATE INDEX "company_members_user_idx" ON "company_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "files_storage_key_idx" ON "files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_id","id");--> statement-breakpoint
CREATE INDEX "internship_groups_company_idx" ON "internship_groups" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "internship_invite_codes_code_idx" ON "internship_invite_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "internship_invite_codes_group_idx" ON "internship_invite_codes" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "internship_members_user_idx" ON "internship_members" USING btree ("user_id","exited_at");--> statement-breakpoint
CREATE INDEX "internship_members_group_idx" ON "internship_members" USING btree ("group_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "internship_members_current_idx" ON "internship_members" USING btree ("group_id","user_id") WHERE "internship_members"."exited_at" is null;--> statement-breakpoint
CREATE INDEX "internship_stage_grants_member_idx" ON "internship_stage_grants" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "internship_stage_tasks_stage_idx" ON "internship_stage_tasks" USING btree ("stage_id","sort","id");--> statement-breakpoint
CREATE INDEX "internship_stages_group_idx" ON "internship_stages" USING btree ("group_id","sort","id");--> statement-breakpoint
CREATE INDEX "internship_task_completions_member_idx" ON "internship_task_completions" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "major_catalog_name_idx" ON "major_catalog" USING btree ("name");--> statement-breakpoint
CREATE INDEX "school_catalog_name_idx" ON "school_catalog" USING btree ("name");--> statement-breakpoint
CREATE INDEX "open_course_lecturers_course_idx" ON "open_course_lecturers" USING btree ("open_course_id","sort");--> statement-breakpoint
CREATE INDEX "open_course_partner_companies_company_idx" ON "open_course_partner_companies" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "open_course_partner_schools_org_idx" ON "open_course_partner_schools" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "open_course_progress_session_idx" ON "open_course_progress" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "open_course_sessions_course_idx" ON "open_course_sessions" USING btree ("open_course_id","sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "open_course_subscriptions_user_course_idx" ON "open_course_subscriptions" USING btree ("user_id","open_course_id");--> statement-breakpoint
CREATE INDEX "open_course_subscriptions_user_subscribed_idx" ON "open_course_subscriptions" USING btree ("user_id","subscribed_at");--> statement-breakpoint
CREATE INDEX "open_course_subscriptions_user_studied_idx" ON "open_course_subscriptions" USING btree ("user_id","last_studied_at");--> statement-breakpoint
CREATE INDEX "open_course_subscriptions_course_idx" ON "open_course_subscriptions" USING btree ("open_course_id");--> statement-breakpoint
CREATE INDEX "open_courses_status_start_idx" ON "open_courses" USING btree ("status","start_at","id");--> statement-breakpoint
CREATE INDEX "open_courses_organiser_idx" ON "open_courses" USING btree ("organiser_id","id");