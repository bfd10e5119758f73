-- Ballot kinds (issue 25): what a game asks its players for, a full ranking for every game made
-- before; a tier ballot's tiers beside its ranked ids (null for the rest: rows stay as they are).
ALTER TABLE "game" ADD COLUMN "ballot" jsonb DEFAULT '{"kind":"ranking"}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "submission" ADD COLUMN "groups" jsonb;
