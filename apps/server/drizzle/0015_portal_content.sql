CREATE TABLE "portal_contents" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "portal_contents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"owner_code" text NOT NULL,
	"kind" text NOT NULL,
	"slug" text,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"cover_file_id" bigint,
	"body" text DEFAULT '' NOT NULL,
	"attrs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'Draft' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" DEFAULT ''::tsvector NOT NULL,
	CONSTRAINT "portal_contents_status_check" CHECK ("portal_contents"."status" in ('Draft', 'Published')),
	CONSTRAINT "portal_contents_kind_check" CHECK ("portal_contents"."kind" in ('course', 'experiment', 'project', 'case', 'lab', 'news', 'notice', 'member', 'recruit', 'page', 'courseSystem'))
);
--> statement-breakpoint
ALTER TABLE "organisations" DROP CONSTRAINT "organisations_type_check";--> statement-breakpoint
ALTER TABLE "portal_contents" ADD CONSTRAINT "portal_contents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portal_contents_list_idx" ON "portal_contents" USING btree ("owner_code","kind","status","sort","id");--> statement-breakpoint
CREATE INDEX "portal_contents_published_idx" ON "portal_contents" USING btree ("kind","status","published_at");--> statement-breakpoint
CREATE UNIQUE INDEX "portal_contents_slug_idx" ON "portal_contents" USING btree ("owner_code","kind","slug") WHERE "portal_contents"."slug" is not null;--> statement-breakpoint
CREATE INDEX "portal_contents_search_idx" ON "portal_contents" USING gin ("search");--> statement-breakpoint
CREATE INDEX "portal_contents_tags_idx" ON "portal_contents" USING gin ("tags");--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_type_check" CHECK ("organisations"."type" in ('platform', 'area', 'school', 'college', 'class'));