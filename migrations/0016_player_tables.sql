-- The players' columns leave better-auth's "user" row for tables of their owners (decision 0037):
-- the profile (handle, session-start facts) to "player_profile" (src/server/players), the
-- progress (XP, level, crowns, achievements, stats) to "player_progress" (src/server/progression).
-- Every existing row's values are copied first; then a trigger makes both rows whenever a "user"
-- row is made (better-auth's sign-up, a guest's anonymous sign-in, any insert), in the same
-- statement; both go with the "user" row by cascade.
CREATE TABLE "player_profile" (
	"user_id" text PRIMARY KEY NOT NULL,
	"handle" text,
	"handle_lower" text,
	"handle_skeleton" text,
	"handle_claimed_at" timestamp with time zone,
	"locale" text,
	"tz_offset" integer,
	"device_type" text,
	"anon_id" text,
	"first_touch" jsonb,
	"last_touch" jsonb,
	"last_seen_at" timestamp with time zone,
	"last_active_at" timestamp with time zone,
	CONSTRAINT "player_profile_handle_lower_unique" UNIQUE("handle_lower"),
	CONSTRAINT "player_profile_handle_skeleton_unique" UNIQUE("handle_skeleton")
);
--> statement-breakpoint
CREATE TABLE "player_progress" (
	"user_id" text PRIMARY KEY NOT NULL,
	"level" integer DEFAULT 1 NOT NULL,
	"xp" integer DEFAULT 0 NOT NULL,
	"xp_to_next" integer DEFAULT 100 NOT NULL,
	"crowns" integer DEFAULT 0 NOT NULL,
	"total_xp" integer DEFAULT 0 NOT NULL,
	"achievements" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"stats" jsonb DEFAULT '{"gamesCreated":0,"rankingsSubmitted":0,"communityPublishes":0,"xpByReason":{}}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user" DROP CONSTRAINT "user_handle_lower_unique";--> statement-breakpoint
ALTER TABLE "user" DROP CONSTRAINT "user_handle_skeleton_unique";--> statement-breakpoint
DROP INDEX "user_anon_id_idx";--> statement-breakpoint
ALTER TABLE "player_profile" ADD CONSTRAINT "player_profile_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_progress" ADD CONSTRAINT "player_progress_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_profile_anon_id_idx" ON "player_profile" USING btree ("anon_id");--> statement-breakpoint
INSERT INTO "player_profile" ("user_id", "handle", "handle_lower", "handle_skeleton",
  "handle_claimed_at", "locale", "tz_offset", "device_type", "anon_id", "first_touch",
  "last_touch", "last_seen_at", "last_active_at")
SELECT "id", "handle", "handle_lower", "handle_skeleton", "handle_claimed_at", "locale",
  "tz_offset", "device_type", "anon_id", "first_touch", "last_touch", "last_seen_at",
  "last_active_at"
FROM "user";--> statement-breakpoint
INSERT INTO "player_progress" ("user_id", "level", "xp", "xp_to_next", "crowns", "total_xp",
  "achievements", "stats")
SELECT "id", "level", "xp", "xp_to_next", "crowns", "total_xp", "achievements", "stats"
FROM "user";--> statement-breakpoint
CREATE OR REPLACE FUNCTION crowned_user_player_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "player_profile" ("user_id") SELECT "id" FROM inserted;
  INSERT INTO "player_progress" ("user_id") SELECT "id" FROM inserted;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER user_player_rows AFTER INSERT ON "user"
  REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION crowned_user_player_rows();--> statement-breakpoint
ALTER TABLE "user" DROP COLUMN "handle";--> statement-breakpoint
ALTER TABLE "user" DROP COLUMN "handle_lower";--> statement-breakpoint
ALTER TABLE "user" DROP COLUMN "handle_skeleton";--> statement-breakpoint
ALTER TABLE "user" DROP COLUMN "handle_claimed_at";--> statement-breakpoint
ALTER TABLE "user" DROP COLUMN "level";--> statement-breakpoint
ALTER TABLE "user" DROP COLUMN "xp";--> statement-breakpoint
ALTER TABLE "user" DROP COLUMN "xp_to_next";--> statement-breakpoint
ALTER TABLE "user" DROP COLUMN "crowns";--> statement-breakpoint
ALTER TABLE "user" DROP COLUMN "total_xp";--> statement-breakpoint
ALTER TABLE "user" DROP COLUMN "achievements";--> statement-breakpoint
ALTER TABLE "user" DROP COLUMN "stats";--> statement-breakpoint
ALTER TABLE "user" DROP COLUMN "locale";--> statement-breakpoint
ALTER TABLE "user" DROP COLUMN "tz_offset";--> statement-breakpoint
ALTER TABLE "user" DROP COLUMN "device_type";--> statement-breakpoint
ALTER TABLE "user" DROP COLUMN "anon_id";--> statement-breakpoint
ALTER TABLE "user" DROP COLUMN "first_touch";--> statement-breakpoint
ALTER TABLE "user" DROP COLUMN "last_touch";--> statement-breakpoint
ALTER TABLE "user" DROP COLUMN "last_seen_at";--> statement-breakpoint
ALTER TABLE "user" DROP COLUMN "last_active_at";