CREATE TABLE "career_talks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "career_talks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"created_by" bigint NOT NULL,
	"subject" text NOT NULL,
	"mode" text NOT NULL,
	"status" text DEFAULT 'Publish' NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"place" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"poster_file_id" bigint,
	"live_started_at" timestamp with time zone,
	"live_ended_at" timestamp with time zone,
	"playback_file_id" bigint,
	"online_count" integer DEFAULT 0 NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "career_talks_mode_check" CHECK ("career_talks"."mode" in ('Online', 'Offline')),
	CONSTRAINT "career_talks_status_check" CHECK ("career_talks"."status" in ('Publish', 'Canceled'))
);
--> statement-breakpoint
CREATE TABLE "job_fair_companies" (
	"fair_id" bigint NOT NULL,
	"company_id" bigint NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_fair_companies_fair_id_company_id_pk" PRIMARY KEY("fair_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "job_fair_occupations" (
	"fair_id" bigint NOT NULL,
	"occupation_id" bigint NOT NULL,
	"company_id" bigint NOT NULL,
	CONSTRAINT "job_fair_occupations_fair_id_occupation_id_pk" PRIMARY KEY("fair_id","occupation_id")
);
--> statement-breakpoint
CREATE TABLE "job_fairs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_fairs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"created_by" bigint NOT NULL,
	"subject" text NOT NULL,
	"mode" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"place" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"poster_file_id" bigint,
	"canceled" text DEFAULT 'No' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_fairs_mode_check" CHECK ("job_fairs"."mode" in ('Online', 'Offline')),
	CONSTRAINT "job_fairs_canceled_check" CHECK ("job_fairs"."canceled" in ('Yes', 'No'))
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reservations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"target_type" text NOT NULL,
	"target_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservations_target_type_check" CHECK ("reservations"."target_type" in ('CareerTalk', 'JobFair'))
);
--> statement-breakpoint
ALTER TABLE "career_talks" ADD CONSTRAINT "career_talks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "career_talks" ADD CONSTRAINT "career_talks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "career_talks" ADD CONSTRAINT "career_talks_poster_file_id_files_id_fk" FOREIGN KEY ("poster_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "career_talks" ADD CONSTRAINT "career_talks_playback_file_id_files_id_fk" FOREIGN KEY ("playback_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_fair_companies" ADD CONSTRAINT "job_fair_companies_fair_id_job_fairs_id_fk" FOREIGN KEY ("fair_id") REFERENCES "public"."job_fairs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_fair_companies" ADD CONSTRAINT "job_fair_companies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_fair_occupations" ADD CONSTRAINT "job_fair_occupations_fair_id_job_fairs_id_fk" FOREIGN KEY ("fair_id") REFERENCES "public"."job_fairs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_fair_occupations" ADD CONSTRAINT "job_fair_occupations_occupation_id_recruitment_occupations_id_fk" FOREIGN KEY ("occupation_id") REFERENCES "public"."recruitment_occupations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_fair_occupations" ADD CONSTRAINT "job_fair_occupations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_fairs" ADD CONSTRAINT "job_fairs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_fairs" ADD CONSTRAINT "job_fairs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_fairs" ADD CONSTRAINT "job_fairs_poster_file_id_files_id_fk" FOREIGN KEY ("poster_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "career_talks_company_idx" ON "career_talks" USING btree ("company_id","start_at");--> statement-breakpoint
CREATE INDEX "career_talks_public_idx" ON "career_talks" USING btree ("status","start_at");--> statement-breakpoint
CREATE INDEX "job_fair_companies_company_idx" ON "job_fair_companies" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "job_fair_occupations_occupation_idx" ON "job_fair_occupations" USING btree ("occupation_id");--> statement-breakpoint
CREATE INDEX "job_fair_occupations_company_idx" ON "job_fair_occupations" USING btree ("fair_id","company_id");--> statement-breakpoint
CREATE INDEX "job_fairs_company_idx" ON "job_fairs" USING btree ("company_id","start_at");--> statement-breakpoint
CREATE INDEX "job_fairs_public_idx" ON "job_fairs" USING btree ("canceled","start_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_user_target_idx" ON "reservations" USING btree ("user_id","target_type","target_id");--> statement-breakpoint
CREATE INDEX "reservations_user_list_idx" ON "reservations" USING btree ("user_id","target_type","created_at");--> statement-breakpoint
CREATE INDEX "reservations_target_idx" ON "reservations" USING btree ("target_type","target_id");