CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_event" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"props" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"user_id" text,
	"anon_id" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community_rank" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"items" jsonb NOT NULL,
	"creator_id" text,
	"creator_name" text DEFAULT 'Anonymous' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"plays" integer DEFAULT 0 NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"game_id" text
);
--> statement-breakpoint
CREATE TABLE "game" (
	"id" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"owner_id" text,
	"owner_name" text DEFAULT 'Anonymous' NOT NULL,
	"prompt" text NOT NULL,
	"title" text,
	"emoji" text,
	"category" text DEFAULT 'manual' NOT NULL,
	"items" jsonb NOT NULL,
	"size_limit" integer,
	"time_limit" integer,
	"deadline_at" timestamp with time zone,
	"closed" boolean DEFAULT false NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"publish_requested" boolean DEFAULT false NOT NULL,
	"community_rank_id" text,
	"archived" boolean DEFAULT false NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL,
	"play_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "game_tally" (
	"game_id" text PRIMARY KEY NOT NULL,
	"tally" jsonb NOT NULL,
	"submissions" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "play" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"game_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "played_game" (
	"user_id" text NOT NULL,
	"game_id" text NOT NULL,
	"last_played_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_completed_at" timestamp with time zone,
	"play_count" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'started' NOT NULL,
	"partial" boolean DEFAULT true NOT NULL,
	"title" text,
	"emoji" text,
	"items_count" integer DEFAULT 0 NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	CONSTRAINT "played_game_user_id_game_id_pk" PRIMARY KEY("user_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "rank_like" (
	"rank_id" text NOT NULL,
	"user_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rank_like_rank_id_user_id_pk" PRIMARY KEY("rank_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "rate_limit" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_request" bigint NOT NULL,
	CONSTRAINT "rate_limit_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "submission" (
	"game_id" text NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"ranking" jsonb NOT NULL,
	"partial" boolean DEFAULT false NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "submission_game_id_user_id_pk" PRIMARY KEY("game_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_anonymous" boolean DEFAULT false NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"handle" text,
	"handle_lower" text,
	"level" integer DEFAULT 1 NOT NULL,
	"xp" integer DEFAULT 0 NOT NULL,
	"xp_to_next" integer DEFAULT 100 NOT NULL,
	"crowns" integer DEFAULT 0 NOT NULL,
	"stats" jsonb DEFAULT '{"gamesCreated":0,"rankingsSubmitted":0,"communityPublishes":0,"xpByReason":{}}'::jsonb NOT NULL,
	"locale" text,
	"tz_offset" integer,
	"device_type" text,
	"anon_id" text,
	"first_touch" jsonb,
	"last_touch" jsonb,
	"last_seen_at" timestamp with time zone,
	"last_active_at" timestamp with time zone,
	CONSTRAINT "user_email_unique" UNIQUE("email"),
	CONSTRAINT "user_handle_lower_unique" UNIQUE("handle_lower")
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xp_award" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"reason" text NOT NULL,
	"ref" text NOT NULL,
	"amount" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_event" ADD CONSTRAINT "analytics_event_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_rank" ADD CONSTRAINT "community_rank_creator_id_user_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_rank" ADD CONSTRAINT "community_rank_game_id_game_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."game"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game" ADD CONSTRAINT "game_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_tally" ADD CONSTRAINT "game_tally_game_id_game_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."game"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play" ADD CONSTRAINT "play_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play" ADD CONSTRAINT "play_game_id_game_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."game"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "played_game" ADD CONSTRAINT "played_game_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "played_game" ADD CONSTRAINT "played_game_game_id_game_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."game"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rank_like" ADD CONSTRAINT "rank_like_rank_id_community_rank_id_fk" FOREIGN KEY ("rank_id") REFERENCES "public"."community_rank"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rank_like" ADD CONSTRAINT "rank_like_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission" ADD CONSTRAINT "submission_game_id_game_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."game"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission" ADD CONSTRAINT "submission_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xp_award" ADD CONSTRAINT "xp_award_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_user_id_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "analytics_event_name_at_idx" ON "analytics_event" USING btree ("name","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "community_rank_public_created_idx" ON "community_rank" USING btree ("is_public","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "community_rank_public_plays_idx" ON "community_rank" USING btree ("is_public","plays" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "community_rank_game_idx" ON "community_rank" USING btree ("game_id");--> statement-breakpoint
CREATE INDEX "community_rank_creator_idx" ON "community_rank" USING btree ("creator_id");--> statement-breakpoint
CREATE INDEX "game_owner_created_idx" ON "game" USING btree ("owner_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "game_open_deadline_idx" ON "game" USING btree ("deadline_at") WHERE "game"."closed" = false and "game"."deadline_at" is not null;--> statement-breakpoint
CREATE INDEX "play_game_idx" ON "play" USING btree ("game_id");--> statement-breakpoint
CREATE INDEX "play_user_idx" ON "play" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "played_game_user_last_idx" ON "played_game" USING btree ("user_id","last_played_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "session_user_id_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "submission_user_at_idx" ON "submission" USING btree ("user_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "submission_game_at_idx" ON "submission" USING btree ("game_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_anon_id_idx" ON "user" USING btree ("anon_id");--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "xp_award_user_reason_ref_idx" ON "xp_award" USING btree ("user_id","reason","ref");