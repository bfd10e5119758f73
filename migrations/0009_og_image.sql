CREATE TABLE "og_image" (
	"game_id" text PRIMARY KEY NOT NULL,
	"render_key" text NOT NULL,
	"png" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "og_image" ADD CONSTRAINT "og_image_game_id_game_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."game"("id") ON DELETE cascade ON UPDATE no action;