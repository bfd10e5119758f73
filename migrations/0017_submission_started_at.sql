-- A play's start is the player's first save of the game (issue 23): the submission row keeps it
-- from its first insert, and later saves leave it alone. Rows already here start at their play's
-- recorded start when there is one, else at their last save.
ALTER TABLE "submission" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
UPDATE "submission" s SET "started_at" = least(s."at", coalesce((
  SELECT p."started_at" FROM "play" p WHERE p."game_id" = s."game_id" AND p."user_id" = s."user_id"
), s."at"));--> statement-breakpoint
ALTER TABLE "submission" ALTER COLUMN "started_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "submission" ALTER COLUMN "started_at" SET NOT NULL;
