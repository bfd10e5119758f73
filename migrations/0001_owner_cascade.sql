ALTER TABLE "game" DROP CONSTRAINT "game_owner_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "game" ADD CONSTRAINT "game_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
UPDATE "game" SET "category" = 'demo' WHERE "id" = 'pizza-demo';
