CREATE TABLE "notification" (
	"id" text PRIMARY KEY NOT NULL,
	"recipient_id" text NOT NULL,
	"kind" text NOT NULL,
	"game_id" text,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"leased_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"gave_up_at" timestamp with time zone,
	"outcome" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_setting" (
	"user_id" text PRIMARY KEY NOT NULL,
	"plays" text DEFAULT 'email' NOT NULL,
	"closed" text DEFAULT 'email' NOT NULL,
	"unlocked" text DEFAULT 'email' NOT NULL,
	"daily_digest" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_subscription" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unlock_request" (
	"game_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unlock_request_game_id_user_id_pk" PRIMARY KEY("game_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_recipient_id_user_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_game_id_game_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."game"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_setting" ADD CONSTRAINT "notification_setting_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscription" ADD CONSTRAINT "push_subscription_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unlock_request" ADD CONSTRAINT "unlock_request_game_id_game_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."game"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unlock_request" ADD CONSTRAINT "unlock_request_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_due_idx" ON "notification" USING btree ("due_at") WHERE "notification"."sent_at" is null and "notification"."gave_up_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_digest_open_idx" ON "notification" USING btree ("recipient_id","game_id") WHERE "notification"."kind" = 'plays' and "notification"."sent_at" is null and "notification"."gave_up_at" is null and "notification"."attempts" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_once_idx" ON "notification" USING btree ("recipient_id","kind","game_id") WHERE "notification"."kind" <> 'plays';--> statement-breakpoint
CREATE INDEX "notification_recipient_sent_idx" ON "notification" USING btree ("recipient_id","sent_at");--> statement-breakpoint
CREATE INDEX "notification_game_idx" ON "notification" USING btree ("game_id","kind","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscription_endpoint_idx" ON "push_subscription" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscription_user_idx" ON "push_subscription" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "unlock_request_user_idx" ON "unlock_request" USING btree ("user_id");--> statement-breakpoint
-- When a game closes (which is when locked results unlock), however it closes (its owner, the
-- players rule, the deadline, an admin): its creator's "Your rank closed" and one "results
-- unlocked" per player who asked, queued by the database so no code path can forget them
-- (decision 0061, as decision 0025 queues webhooks' `closed`). Once per person and game (the
-- unique index). Due a moment later (NOTIFY_BATCH_MS is the worker's business): the worker
-- checks at send time who asked still and who turned it off.
CREATE OR REPLACE FUNCTION crowned_game_closed_notifications() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."owner_id" IS NOT NULL THEN
    INSERT INTO "notification" ("id", "recipient_id", "kind", "game_id")
    VALUES (gen_random_uuid()::text, NEW."owner_id", 'closed', NEW."id")
    ON CONFLICT DO NOTHING;
  END IF;
  INSERT INTO "notification" ("id", "recipient_id", "kind", "game_id")
  SELECT gen_random_uuid()::text, r."user_id", 'unlocked', NEW."id"
  FROM "unlock_request" r
  WHERE r."game_id" = NEW."id" AND r."user_id" IS DISTINCT FROM NEW."owner_id"
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER game_closed_notifications AFTER UPDATE OF "closed" ON "game"
  FOR EACH ROW WHEN (NEW."closed" AND NOT OLD."closed")
  EXECUTE FUNCTION crowned_game_closed_notifications();
