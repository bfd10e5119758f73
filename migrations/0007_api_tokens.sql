CREATE TABLE "api_token" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "api_token_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "api_token" ADD CONSTRAINT "api_token_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_token_user_id_idx" ON "api_token" USING btree ("user_id","created_at");--> statement-breakpoint
-- A revoked (deleted) token tells every instance, like a revoked session (0003): each drops what
-- it cached of that user's tokens and sessions (src/server/api-tokens/cache.ts).
CREATE TRIGGER api_token_deleted AFTER DELETE ON "api_token"
  FOR EACH ROW EXECUTE FUNCTION crowned_session_row_changed();
