ALTER TABLE "user" ADD COLUMN "handle_skeleton" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "handle_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_handle_skeleton_unique" UNIQUE("handle_skeleton");