CREATE TABLE "assistant_conversations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "assistant_conversations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"scene" text NOT NULL,
	"course_id" bigint,
	"content_id" bigint,
	"title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assistant_files" (
	"file_id" bigint PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"message" text,
	"text" text DEFAULT '' NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assistant_files_status_check" CHECK ("assistant_files"."status" in ('Ready', 'Failed'))
);
--> statement-breakpoint
CREATE TABLE "assistant_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "assistant_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"conversation_id" bigint NOT NULL,
	"role" text NOT NULL,
	"chat_type" text NOT NULL,
	"teacher_task" text,
	"content" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'Done' NOT NULL,
	"error" text,
	"task_id" text,
	"citations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"diagram" text,
	"heartbeat_at" timestamp with time zone,
	"first_token_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assistant_messages_role_check" CHECK ("assistant_messages"."role" in ('user', 'assistant')),
	CONSTRAINT "assistant_messages_status_check" CHECK ("assistant_messages"."status" in ('Streaming', 'Done', 'Stopped', 'Failed'))
);
--> statement-breakpoint
CREATE TABLE "assistant_usage" (
	"user_id" bigint NOT NULL,
	"course_id" bigint DEFAULT 0 NOT NULL,
	"day" date NOT NULL,
	"chat_type" text NOT NULL,
	"questions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "assistant_usage_user_id_course_id_day_chat_type_pk" PRIMARY KEY("user_id","course_id","day","chat_type")
);
--> statement-breakpoint
CREATE TABLE "course_materials" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "course_materials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"course_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"file_id" bigint,
	"file_name" text,
	"body" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'Indexing' NOT NULL,
	"error" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_materials_kind_check" CHECK ("course_materials"."kind" in ('File', 'Note')),
	CONSTRAINT "course_materials_status_check" CHECK ("course_materials"."status" in ('Indexing', 'Indexed', 'Failed'))
);
--> statement-breakpoint
CREATE TABLE "knowledge_passages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "knowledge_passages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"material_id" bigint NOT NULL,
	"course_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"heading" text,
	"text" text NOT NULL,
	"search" "tsvector" DEFAULT ''::tsvector NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mentor_consents" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"granted" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assistant_conversations" ADD CONSTRAINT "assistant_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_conversations" ADD CONSTRAINT "assistant_conversations_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_files" ADD CONSTRAINT "assistant_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_files" ADD CONSTRAINT "assistant_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_messages" ADD CONSTRAINT "assistant_messages_conversation_id_assistant_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."assistant_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_usage" ADD CONSTRAINT "assistant_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_materials" ADD CONSTRAINT "course_materials_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_materials" ADD CONSTRAINT "course_materials_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_materials" ADD CONSTRAINT "course_materials_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_passages" ADD CONSTRAINT "knowledge_passages_material_id_course_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."course_materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_passages" ADD CONSTRAINT "knowledge_passages_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentor_consents" ADD CONSTRAINT "mentor_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assistant_conversations_list_idx" ON "assistant_conversations" USING btree ("user_id","scene","course_id","content_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "assistant_conversations_course_idx" ON "assistant_conversations" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "assistant_files_user_idx" ON "assistant_files" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "assistant_messages_conversation_idx" ON "assistant_messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE INDEX "assistant_messages_streaming_idx" ON "assistant_messages" USING btree ("status") WHERE "assistant_messages"."status" = 'Streaming';--> statement-breakpoint
CREATE INDEX "assistant_usage_course_day_idx" ON "assistant_usage" USING btree ("course_id","day");--> statement-breakpoint
CREATE INDEX "course_materials_course_idx" ON "course_materials" USING btree ("course_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "knowledge_passages_material_idx" ON "knowledge_passages" USING btree ("material_id","position");--> statement-breakpoint
CREATE INDEX "knowledge_passages_course_idx" ON "knowledge_passages" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "knowledge_passages_search_idx" ON "knowledge_passages" USING gin ("search");