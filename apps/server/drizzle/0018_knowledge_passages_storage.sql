-- Retrieval reads the search column of many passages per question: kept in the row (MAIN) instead of out
-- of line, it costs no extra reads per passage; the text, read only for the few passages given to the
-- model, goes out of line uncompressed (EXTERNAL). Measured by bench/knowledge.ts (10,000 passages in a
-- course): 36 -> 14 ms median on PostgreSQL, 58 -> 20 ms on PGlite.
ALTER TABLE "knowledge_passages" ALTER COLUMN "search" SET STORAGE MAIN;--> statement-breakpoint
ALTER TABLE "knowledge_passages" ALTER COLUMN "text" SET STORAGE EXTERNAL;
