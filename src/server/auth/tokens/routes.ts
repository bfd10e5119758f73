/**
 * `/api/me/tokens`: a signed-in account's personal API tokens (decision 0024). Listed without
 * their secrets, created with a name (the secret is answered once, never again), revoked by
 * deleting them. Reachable with the session cookie only: scope.ts refuses these routes to tokens.
 */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import {
  MAX_TOKEN_NAME_LENGTH,
  MAX_TOKENS_PER_USER,
  type ApiTokenView,
} from '../../../domain/api-tokens';
import { AppError } from '../../../domain/errors';
import { cleanText } from '../../../domain/text';
import { assertProvenEmail, TOKEN_PROOF_MESSAGES } from '../account/proven-email';
import { requireUser, type AuthEnv } from '../better-auth';
import type { Db } from '../../db/client';
import { apiToken, user } from '../../db/schema/auth';
import { validate } from '../../http/validate';
import { newId } from '../../platform/ids';
import { hashSecret, newSecret, shownPrefix } from './secret';

const CreateBody = z.object({
  name: z
    .string({ error: 'Give the token a name' })
    .trim()
    .min(1, 'Give the token a name')
    .max(MAX_TOKEN_NAME_LENGTH, `A token name is at most ${MAX_TOKEN_NAME_LENGTH} characters`),
});
const TokenParam = z.object({ id: z.string().min(1).max(100) });

const withAccount = requireUser({
  guests: false,
  message: 'Sign in with an account to manage API tokens',
});

const columns = {
  id: apiToken.id,
  name: apiToken.name,
  prefix: apiToken.prefix,
  createdAt: apiToken.createdAt,
  lastUsedAt: apiToken.lastUsedAt,
};

function toView(row: {
  id: string;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}): ApiTokenView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.getTime(),
    lastUsedAt: row.lastUsedAt ? row.lastUsedAt.getTime() : null,
  };
}

export function tokenRoutes(deps: { db: Db }) {
  const { db } = deps;
  return new Hono<AuthEnv>()
    .get('/', withAccount, async (c) => {
      const rows = await db
        .select(columns)
        .from(apiToken)
        .where(eq(apiToken.userId, c.get('user').id))
        .orderBy(asc(apiToken.createdAt), asc(apiToken.id));
      return c.json({ tokens: rows.map(toView) });
    })
    .post('/', withAccount, validate('json', CreateBody), async (c) => {
      const viewer = c.get('user');
      const userId = viewer.id;
      // Stored cleaned, like every name (domain/text.ts): no invisible or bidi characters.
      const name = cleanText(c.req.valid('json').name);
      if (name === '') throw new AppError('invalid-argument', 'Give the token a name');
      const secret = newSecret();
      const row = await db.transaction(async (tx) => {
        // The user's row is the lock: two creations at once count one after the other, and a
        // verification (which revokes tokens) waits for this one or is seen by it.
        await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('update');
        // Only a proven inbox makes tokens (decision 0029): a token made by whoever signed up
        // first with someone else's address would outlive the owner's reset.
        await assertProvenEmail(tx, viewer, TOKEN_PROOF_MESSAGES);
        const [held] = await tx
          .select({ n: count() })
          .from(apiToken)
          .where(eq(apiToken.userId, userId));
        if ((held?.n ?? 0) >= MAX_TOKENS_PER_USER) {
          throw new AppError(
            'resource-exhausted',
            `You already have ${MAX_TOKENS_PER_USER} API tokens. Revoke one you no longer use first.`,
          );
        }
        const [created] = await tx
          .insert(apiToken)
          .values({
            id: newId(16),
            userId,
            name,
            tokenHash: hashSecret(secret),
            prefix: shownPrefix(secret),
            createdAt: sql`now()`,
          })
          .returning(columns);
        return created!;
      });
      return c.json({ token: toView(row), secret }, 201);
    })
    .delete('/:id', withAccount, validate('param', TokenParam), async (c) => {
      const deleted = await db
        .delete(apiToken)
        .where(and(eq(apiToken.id, c.req.valid('param').id), eq(apiToken.userId, c.get('user').id)))
        .returning({ id: apiToken.id });
      if (deleted.length === 0) throw new AppError('not-found', 'No such API token');
      return c.json({ revoked: true as const });
    });
}
