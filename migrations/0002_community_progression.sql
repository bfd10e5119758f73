CREATE TABLE "moderation_action" (
	"id" text PRIMARY KEY NOT NULL,
	"rank_id" text NOT NULL,
	"moderator_id" text,
	"action" text NOT NULL,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rank_report" (
	"id" text PRIMARY KEY NOT NULL,
	"rank_id" text NOT NULL,
	"user_id" text NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" text
);
--> statement-breakpoint
DROP INDEX "community_rank_public_created_idx";--> statement-breakpoint
DROP INDEX "community_rank_public_plays_idx";--> statement-breakpoint
DROP INDEX "play_user_idx";--> statement-breakpoint
DROP INDEX "community_rank_creator_idx";--> statement-breakpoint
DROP INDEX "game_owner_created_idx";--> statement-breakpoint
DROP INDEX "played_game_user_last_idx";--> statement-breakpoint
ALTER TABLE "community_rank" ADD COLUMN "emoji" text;--> statement-breakpoint
ALTER TABLE "community_rank" ADD COLUMN "archived" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "community_rank" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "community_rank" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', title), 'A') || setweight(jsonb_to_tsvector('english', tags, '["string"]'), 'A') || setweight(jsonb_to_tsvector('english', items, '["string"]'), 'B')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "total_xp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "achievements" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "moderation_action" ADD CONSTRAINT "moderation_action_rank_id_community_rank_id_fk" FOREIGN KEY ("rank_id") REFERENCES "public"."community_rank"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_action" ADD CONSTRAINT "moderation_action_moderator_id_user_id_fk" FOREIGN KEY ("moderator_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rank_report" ADD CONSTRAINT "rank_report_rank_id_community_rank_id_fk" FOREIGN KEY ("rank_id") REFERENCES "public"."community_rank"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rank_report" ADD CONSTRAINT "rank_report_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rank_report" ADD CONSTRAINT "rank_report_resolved_by_user_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_action_rank_idx" ON "moderation_action" USING btree ("rank_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "rank_report_open_idx" ON "rank_report" USING btree ("rank_id","user_id") WHERE "rank_report"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "rank_report_created_idx" ON "rank_report" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "community_rank_new_idx" ON "community_rank" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "community_rank"."is_public" and not "community_rank"."archived" and not "community_rank"."hidden";--> statement-breakpoint
CREATE INDEX "community_rank_popular_idx" ON "community_rank" USING btree ("plays" DESC NULLS LAST,"likes" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "community_rank"."is_public" and not "community_rank"."archived" and not "community_rank"."hidden";--> statement-breakpoint
CREATE INDEX "community_rank_search_idx" ON "community_rank" USING gin ("search");--> statement-breakpoint
CREATE INDEX "community_rank_tags_idx" ON "community_rank" USING gin ("tags" jsonb_path_ops);--> statement-breakpoint
DELETE FROM "play" a USING "play" b WHERE a."user_id" = b."user_id" AND a."game_id" = b."game_id" AND a."id" > b."id";--> statement-breakpoint
CREATE UNIQUE INDEX "play_user_game_idx" ON "play" USING btree ("user_id","game_id");--> statement-breakpoint
CREATE INDEX "xp_award_user_at_idx" ON "xp_award" USING btree ("user_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "community_rank_creator_idx" ON "community_rank" USING btree ("creator_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "game_owner_created_idx" ON "game" USING btree ("owner_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "played_game_user_last_idx" ON "played_game" USING btree ("user_id","last_played_at" DESC NULLS LAST,"game_id" DESC NULLS LAST);--> statement-breakpoint
UPDATE "user" u SET "total_xp" = coalesce((SELECT sum(a."amount") FROM "xp_award" a WHERE a."user_id" = u."id"), 0);