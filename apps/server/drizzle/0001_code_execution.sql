CREATE TABLE "code_evaluation_cases" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "code_evaluation_cases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"evaluation_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"stdin" text NOT NULL,
	"expected_output" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "code_evaluation_stages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "code_evaluation_stages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"evaluation_id" bigint NOT NULL,
	"stage" text NOT NULL,
	"success" boolean NOT NULL,
	"message" text NOT NULL,
	"output" text,
	"output_qualified" boolean,
	"testcase_id" bigint,
	"time_used" integer,
	"memory_used" integer,
	"error_output" text,
	"verdict" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "code_evaluation_stages_stage_check" CHECK ("code_evaluation_stages"."stage" in ('VERIFY', 'PREPROCESS', 'COMPILE', 'RUN', 'COMPLETE'))
);
--> statement-breakpoint
CREATE TABLE "code_evaluations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "code_evaluations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"language_id" text NOT NULL,
	"time_limit_ms" integer NOT NULL,
	"source_code" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"runner_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "code_evaluations_status_check" CHECK ("code_evaluations"."status" in ('queued', 'running', 'complete', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "code_runners" (
	"id" text PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"concurrency" integer NOT NULL,
	"isolation_ok" boolean NOT NULL,
	"isolation_reason" text,
	"languages" jsonb NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "code_evaluation_cases" ADD CONSTRAINT "code_evaluation_cases_evaluation_id_code_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."code_evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_evaluation_stages" ADD CONSTRAINT "code_evaluation_stages_evaluation_id_code_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."code_evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_evaluations" ADD CONSTRAINT "code_evaluations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "code_evaluation_cases_order_idx" ON "code_evaluation_cases" USING btree ("evaluation_id","position");--> statement-breakpoint
CREATE INDEX "code_evaluation_stages_evaluation_idx" ON "code_evaluation_stages" USING btree ("evaluation_id","id");--> statement-breakpoint
CREATE INDEX "code_evaluations_user_created_idx" ON "code_evaluations" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "code_evaluations_open_idx" ON "code_evaluations" USING btree ("status","runner_id") WHERE "code_evaluations"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "code_evaluations_created_idx" ON "code_evaluations" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "code_runners_heartbeat_idx" ON "code_runners" USING btree ("heartbeat_at");