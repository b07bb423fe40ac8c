CREATE TABLE "apply_record_members" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "apply_record_members_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"record_id" bigint NOT NULL,
	"competition_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"role" text NOT NULL,
	"info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "apply_record_members_role_check" CHECK ("apply_record_members"."role" in ('Captain', 'TeamMember'))
);
--> statement-breakpoint
CREATE TABLE "apply_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "apply_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"competition_id" bigint NOT NULL,
	"leader_id" bigint NOT NULL,
	"mode" text NOT NULL,
	"team_name" text,
	"track_id" bigint,
	"area_id" bigint,
	"status" text DEFAULT 'Draft' NOT NULL,
	"applied_at" timestamp with time zone,
	"apply_info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"invite_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "apply_records_mode_check" CHECK ("apply_records"."mode" in ('Personal', 'Group')),
	CONSTRAINT "apply_records_status_check" CHECK ("apply_records"."status" in ('Draft', 'Submitted'))
);
--> statement-breakpoint
CREATE TABLE "competition_areas" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "competition_areas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"competition_id" bigint NOT NULL,
	"name" text NOT NULL,
	"division_code" text,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "competition_tracks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "competition_tracks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"competition_id" bigint NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "competitions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "competitions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"organizer" text NOT NULL,
	"cover_file_id" bigint,
	"description" text DEFAULT '' NOT NULL,
	"mode" text NOT NULL,
	"max_team_size" integer DEFAULT 1 NOT NULL,
	"apply_start_at" timestamp with time zone NOT NULL,
	"apply_end_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"created_by" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competitions_mode_check" CHECK ("competitions"."mode" in ('Personal', 'Group')),
	CONSTRAINT "competitions_team_size_check" CHECK ("competitions"."max_team_size" between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "apply_record_members" ADD CONSTRAINT "apply_record_members_record_id_apply_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."apply_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apply_record_members" ADD CONSTRAINT "apply_record_members_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apply_record_members" ADD CONSTRAINT "apply_record_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apply_records" ADD CONSTRAINT "apply_records_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apply_records" ADD CONSTRAINT "apply_records_leader_id_users_id_fk" FOREIGN KEY ("leader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apply_records" ADD CONSTRAINT "apply_records_track_id_competition_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."competition_tracks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apply_records" ADD CONSTRAINT "apply_records_area_id_competition_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."competition_areas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_areas" ADD CONSTRAINT "competition_areas_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_tracks" ADD CONSTRAINT "competition_tracks_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitions" ADD CONSTRAINT "competitions_cover_file_id_files_id_fk" FOREIGN KEY ("cover_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitions" ADD CONSTRAINT "competitions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "apply_record_members_one_per_competition_idx" ON "apply_record_members" USING btree ("competition_id","user_id");--> statement-breakpoint
CREATE INDEX "apply_record_members_user_idx" ON "apply_record_members" USING btree ("user_id","joined_at");--> statement-breakpoint
CREATE INDEX "apply_record_members_record_idx" ON "apply_record_members" USING btree ("record_id","id");--> statement-breakpoint
CREATE INDEX "apply_records_competition_idx" ON "apply_records" USING btree ("competition_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "apply_records_team_name_idx" ON "apply_records" USING btree ("competition_id","team_name");--> statement-breakpoint
CREATE INDEX "competition_areas_competition_idx" ON "competition_areas" USING btree ("competition_id","sort","id");--> statement-breakpoint
CREATE INDEX "competition_tracks_competition_idx" ON "competition_tracks" USING btree ("competition_id","sort","id");--> statement-breakpoint
CREATE INDEX "competitions_list_idx" ON "competitions" USING btree ("apply_start_at","id");--> statement-breakpoint
CREATE INDEX "competitions_creator_idx" ON "competitions" USING btree ("created_by","id");