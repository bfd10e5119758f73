CREATE TABLE "duel_answer" (
	"game_id" text NOT NULL,
	"user_id" text NOT NULL,
	"a" text NOT NULL,
	"b" text NOT NULL,
	"winner" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "duel_answer_game_id_user_id_a_b_pk" PRIMARY KEY("game_id","user_id","a","b")
);
--> statement-breakpoint
CREATE TABLE "duel_offer" (
	"game_id" text NOT NULL,
	"user_id" text NOT NULL,
	"a" text NOT NULL,
	"b" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "duel_offer_game_id_user_id_pk" PRIMARY KEY("game_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "duel_answer" ADD CONSTRAINT "duel_answer_game_id_game_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."game"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duel_answer" ADD CONSTRAINT "duel_answer_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duel_offer" ADD CONSTRAINT "duel_offer_game_id_game_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."game"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duel_offer" ADD CONSTRAINT "duel_offer_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;