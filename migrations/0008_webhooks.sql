CREATE TABLE "webhook" (
	"id" text PRIMARY KEY NOT NULL,
	"game_id" text NOT NULL,
	"url" text NOT NULL,
	"secret" text NOT NULL,
	"events" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_delivery" (
	"id" text PRIMARY KEY NOT NULL,
	"webhook_id" text NOT NULL,
	"event" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_status_code" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "webhook" ADD CONSTRAINT "webhook_game_id_game_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."game"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_delivery" ADD CONSTRAINT "webhook_delivery_webhook_id_webhook_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhook"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_game_idx" ON "webhook" USING btree ("game_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_delivery_log_idx" ON "webhook_delivery" USING btree ("webhook_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "webhook_delivery_due_idx" ON "webhook_delivery" USING btree ("next_attempt_at") WHERE "webhook_delivery"."status" = 'pending';--> statement-breakpoint
-- A game's `closed` webhook event, queued by the database when the game closes, however it
-- closes (its owner, the players rule, the deadline check or a read past the deadline, an
-- admin): no code path can forget it. One event id for every webhook of the game; the delivery
-- workers send it (src/server/webhooks/worker.ts).
CREATE OR REPLACE FUNCTION crowned_game_closed_webhooks() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  event_id text := gen_random_uuid()::text;
  stamp text := to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
BEGIN
  INSERT INTO "webhook_delivery" ("id", "webhook_id", "event", "payload")
  SELECT gen_random_uuid()::text, w."id", 'closed', jsonb_build_object(
    'id', event_id, 'type', 'closed', 'gameId', NEW."id", 'createdAt', stamp,
    'data', jsonb_build_object(
      'title', coalesce(NEW."title", NEW."prompt"),
      'submissionCount', coalesce((SELECT t."submissions" FROM "game_tally" t WHERE t."game_id" = NEW."id"), 0),
      'closedAt', stamp))
  FROM "webhook" w
  WHERE w."game_id" = NEW."id" AND 'closed' = ANY (w."events");
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER game_closed_webhooks AFTER UPDATE OF "closed" ON "game"
  FOR EACH ROW WHEN (NEW."closed" AND NOT OLD."closed")
  EXECUTE FUNCTION crowned_game_closed_webhooks();
