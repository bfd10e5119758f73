DROP INDEX "webhook_delivery_due_idx";--> statement-breakpoint
ALTER TABLE "webhook" ADD COLUMN "consecutive_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook" ADD COLUMN "failing_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_delivery" ADD COLUMN "coalesce_key" text;--> statement-breakpoint
ALTER TABLE "webhook_delivery" ADD COLUMN "leased_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_delivery" ADD COLUMN "not_before" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "webhook_delivery_pending_idx" ON "webhook_delivery" USING btree ("webhook_id","next_attempt_at") WHERE "webhook_delivery"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_delivery_unsent_idx" ON "webhook_delivery" USING btree ("webhook_id","coalesce_key") WHERE "webhook_delivery"."status" = 'pending' and "webhook_delivery"."attempts" = 0;--> statement-breakpoint
CREATE INDEX "webhook_delivery_key_idx" ON "webhook_delivery" USING btree ("webhook_id","coalesce_key","not_before") WHERE "webhook_delivery"."coalesce_key" is not null;--> statement-breakpoint
CREATE INDEX "webhook_delivery_leased_idx" ON "webhook_delivery" USING btree ("leased_until") WHERE "webhook_delivery"."leased_until" is not null;