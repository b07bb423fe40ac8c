-- Lists at the scale of one university (issue 17; scripts/load/lists-at-scale.ts on the data of
-- `npm run load:seed`: 21,000 users, a course of 1,000 students, a company with 10,005 of 100,000 deliveries
-- and 71,000 feedbacks). Statement medians, 35 runs x 3 rounds, PostgreSQL 15, load average about 4 on 2 cores:
-- - course_members (course_id, joined_at, user_id): a roster page (latest joined first) is read off the
--   index and joined to users for its 10 rows, instead of the whole course joined to every user and
--   sorted: 4.2-7.0 -> 0.5-0.7 ms (its count, without the users join, 1.0-1.9 -> 0.4 ms).
-- - delivery_records_company_idx gains id (the inbox's order, created_at desc, id desc, exactly) and
--   delivery_feedbacks (type, delivery_id) is new: the inbox's counts by status read both from indexes
--   alone; a company's deliveries with an interview: 15.6 -> 10.8 ms.
DROP INDEX "delivery_records_company_idx";--> statement-breakpoint
CREATE INDEX "course_members_course_joined_idx" ON "course_members" USING btree ("course_id","joined_at","user_id");--> statement-breakpoint
CREATE INDEX "delivery_feedbacks_type_idx" ON "delivery_feedbacks" USING btree ("type","delivery_id");--> statement-breakpoint
CREATE INDEX "delivery_records_company_idx" ON "delivery_records" USING btree ("company_id","campus_recruit_mode","created_at","id");
