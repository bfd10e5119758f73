-- A game's `closed` webhook event (migrations/0008), now queued only for webhooks that are on:
-- one turned off after failing too often (or by its owner) gets nothing until it is turned back
-- on (decision 0030). The worker adds the results link when it sends.
CREATE OR REPLACE FUNCTION crowned_game_closed_webhooks() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  event_id text := gen_random_uuid()::text;
  stamp text := to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
BEGIN
  INSERT INTO "webhook_delivery" ("id", "webhook_id", "event", "payload")
  SELECT gen_random_uuid()::text, w."id", 'closed', jsonb_build_object(
    'id', event_id, 'type', 'closed', 'gameId', NEW."id", 'createdAt', stamp,
    'data', jsonb_build_object(
      'title', coalesce(NEW."title", NEW."prompt"),
      'submissionCount', coalesce((SELECT t."submissions" FROM "game_tally" t WHERE t."game_id" = NEW."id"), 0),
      'closedAt', stamp))
  FROM "webhook" w
  WHERE w."game_id" = NEW."id" AND 'closed' = ANY (w."events") AND w."disabled_at" IS NULL;
  RETURN NULL;
END
$$;
