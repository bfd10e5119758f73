ALTER TABLE "submission" ADD COLUMN "reranks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "submission" ADD COLUMN "reranks_since" bigint;