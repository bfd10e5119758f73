CREATE TABLE "imported_ballot" (
	"game_id" text NOT NULL,
	"seq" integer NOT NULL,
	"name" text NOT NULL,
	"ranking" jsonb NOT NULL,
	"groups" jsonb,
	"at" timestamp with time zone NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "imported_ballot_game_id_seq_pk" PRIMARY KEY("game_id","seq")
);
--> statement-breakpoint
ALTER TABLE "game_tally" ADD COLUMN "imported" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "imported_ballot" ADD CONSTRAINT "imported_ballot_game_id_game_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."game"("id") ON DELETE cascade ON UPDATE no action;