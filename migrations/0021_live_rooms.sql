CREATE TABLE "room" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"host_id" text NOT NULL,
	"game_ids" jsonb NOT NULL,
	"round_seconds" integer NOT NULL,
	"phase" text DEFAULT 'created' NOT NULL,
	"round" integer DEFAULT 0 NOT NULL,
	"round_started_at" timestamp with time zone,
	"deadline" timestamp with time zone,
	"revealed_round" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"player_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "room_player" (
	"room_id" text NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"scored_round" integer DEFAULT 0 NOT NULL,
	"round_agreement" real,
	"round_points" integer DEFAULT 0 NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_player_room_id_user_id_pk" PRIMARY KEY("room_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "room" ADD CONSTRAINT "room_host_id_user_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_player" ADD CONSTRAINT "room_player_room_id_room_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."room"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_player" ADD CONSTRAINT "room_player_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "room_code_idx" ON "room" USING btree ("code");--> statement-breakpoint
CREATE INDEX "room_host_idx" ON "room" USING btree ("host_id");--> statement-breakpoint
CREATE UNIQUE INDEX "room_player_name_idx" ON "room_player" USING btree ("room_id","name_key");--> statement-breakpoint
CREATE INDEX "room_player_points_idx" ON "room_player" USING btree ("room_id","points" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "room_player_round_idx" ON "room_player" USING btree ("room_id","scored_round","round_points" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "room_player_joined_idx" ON "room_player" USING btree ("room_id","joined_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "room_player_user_idx" ON "room_player" USING btree ("user_id");