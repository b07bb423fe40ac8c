DROP INDEX "portal_contents_list_idx";--> statement-breakpoint
DROP INDEX "portal_contents_published_idx";--> statement-breakpoint
CREATE INDEX "portal_contents_public_idx" ON "portal_contents" USING btree ("owner_code","kind","status","sort","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "portal_contents_public_dated_idx" ON "portal_contents" USING btree ("owner_code","kind","status","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE kind in ('news', 'notice', 'recruit');--> statement-breakpoint
CREATE INDEX "portal_contents_console_idx" ON "portal_contents" USING btree ("owner_code","kind","sort","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "portal_contents_console_dated_idx" ON "portal_contents" USING btree ("owner_code","kind","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE kind in ('news', 'notice', 'recruit');--> statement-breakpoint
ALTER TABLE "portal_contents" ADD CONSTRAINT "portal_contents_published_at_check" CHECK ("portal_contents"."status" <> 'Published' or "portal_contents"."published_at" is not null);