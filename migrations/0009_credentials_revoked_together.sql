-- Credentials end together (decision 0029). Proving an e-mail address (the link, a Google
-- sign-up that joins, an operator's SQL) revokes every API token the account had and removes the
-- webhooks of its games: all were made before anyone had proven the inbox, possibly by whoever
-- signed up first with it. A role change (granted, revoked, by a claim or by another admin)
-- revokes the account's tokens. In the same statement as the change, so no path can skip it;
-- each deleted token tells every instance (trigger api_token_deleted, 0007).
CREATE OR REPLACE FUNCTION crowned_email_proven_revokes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "api_token" WHERE "user_id" = NEW."id";
  DELETE FROM "webhook" w USING "game" g
    WHERE w."game_id" = g."id" AND g."owner_id" = NEW."id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER user_email_proven_revokes AFTER UPDATE OF "email_verified" ON "user"
  FOR EACH ROW WHEN (NEW."email_verified" AND NOT OLD."email_verified")
  EXECUTE FUNCTION crowned_email_proven_revokes();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION crowned_role_changed_revokes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "api_token" WHERE "user_id" = NEW."id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER user_role_changed_revokes AFTER UPDATE OF "role" ON "user"
  FOR EACH ROW WHEN (OLD."role" IS DISTINCT FROM NEW."role")
  EXECUTE FUNCTION crowned_role_changed_revokes();
