/**
 * The `ballot` a creator sends (POST /api/games, the builder, PUT /api/games/:id/ballot), as zod
 * checks its shape; the rules (N, tier count, labels, colours) are domain/ballot.ts
 * `checkBallotSpec`'s. Generous caps bound the work a request can cause.
 */
import { z } from 'zod';
import { BALLOT_MESSAGES } from '../../domain/ballot';
import { MAX_TIER_LABEL_LENGTH, MAX_TIERS } from '../../domain/limits';

const TierBody = z.object(
  {
    label: z
      .string({ error: BALLOT_MESSAGES.tierLabel })
      .max(MAX_TIER_LABEL_LENGTH * 4, BALLOT_MESSAGES.tierLabel),
    color: z.string({ error: BALLOT_MESSAGES.tierColor }).max(32, BALLOT_MESSAGES.tierColor),
  },
  { error: 'Each tier must be { label, color }' },
);

export const BallotBody = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('ranking') }),
    z.object({ kind: z.literal('top'), n: z.number({ error: 'Top N must be a number' }) }),
    z.object({
      kind: z.literal('tiers'),
      tiers: z
        .array(TierBody, { error: 'Tiers must be a list of { label, color }' })
        .max(MAX_TIERS * 4, BALLOT_MESSAGES.tierCount)
        .optional(),
    }),
    z.object({ kind: z.literal('duel') }),
  ],
  { error: 'Ballot kind must be ranking, top, tiers or duel' },
);
