-- When each e-mail was proven, so a session older than that proof cannot claim what the proof
-- grants (the admin self-grant): a session an attacker opened by signing up first with someone
-- else's address predates the owner's verification. Set by the database on every path that
-- verifies (the e-mail link, a Google sign-up), cleared when the address changes unverified.
ALTER TABLE "user" ADD COLUMN "email_verified_at" timestamp with time zone;
--> statement-breakpoint
-- Who made a user an admin: null when their own claim did (the address is in ADMIN_EMAILS), so
-- such a role ends at the first claim after the address leaves the list.
ALTER TABLE "user" ADD COLUMN "admin_granted_by" text;
--> statement-breakpoint
-- Addresses verified before this column existed: from now, so sessions older than this
-- migration must sign in again before claiming admin.
UPDATE "user" SET "email_verified_at" = now() WHERE "email_verified";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION crowned_email_verified_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT NEW.email_verified THEN
    NEW.email_verified_at := NULL;
  ELSIF TG_OP = 'INSERT' OR NOT OLD.email_verified OR OLD.email IS DISTINCT FROM NEW.email THEN
    NEW.email_verified_at := now();
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER user_email_verified_at BEFORE INSERT OR UPDATE ON "user"
  FOR EACH ROW EXECUTE FUNCTION crowned_email_verified_at();
