-- Every change that must end or alter a signed-in session (sign-out, revoked sessions, password
-- reset, e-mail verification, a new name, e-mail or role, a deleted account) tells every server
-- instance, from the database itself, so no code path can forget it: each instance drops what it
-- cached of that user's sessions (src/server/session-cache.ts).
CREATE OR REPLACE FUNCTION crowned_session_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('crowned_events',
    json_build_object('type', 'session', 'userId', OLD.user_id)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION crowned_user_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('crowned_events', json_build_object('type', 'session', 'userId', OLD.id)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER session_changed AFTER UPDATE OR DELETE ON "session"
  FOR EACH ROW EXECUTE FUNCTION crowned_session_row_changed();
--> statement-breakpoint
CREATE TRIGGER user_session_fields_changed AFTER UPDATE ON "user"
  FOR EACH ROW WHEN (
    OLD.name IS DISTINCT FROM NEW.name OR OLD.email IS DISTINCT FROM NEW.email
    OR OLD.email_verified IS DISTINCT FROM NEW.email_verified OR OLD.role IS DISTINCT FROM NEW.role
    OR OLD.is_anonymous IS DISTINCT FROM NEW.is_anonymous
  )
  EXECUTE FUNCTION crowned_user_row_changed();
--> statement-breakpoint
CREATE TRIGGER user_deleted AFTER DELETE ON "user"
  FOR EACH ROW EXECUTE FUNCTION crowned_user_row_changed();
