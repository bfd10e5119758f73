/**
 * The token routes in the API document (routes.ts under /api/me/tokens), with their response
 * schemas. Cookie-only: a token never manages tokens. See api-docs/operation.ts.
 */
import { z } from 'zod';
import type { ApiTokenView, CreatedApiToken } from '../../../domain/api-tokens';
import type { Operations } from '../../api-docs/operation';
import { agree, type Same } from '../../api-docs/schemas';

export const ApiTokenSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string().meta({ description: 'The secret’s first characters, to tell tokens apart' }),
    createdAt: z.number(),
    lastUsedAt: z.number().nullable(),
  })
  .meta({ id: 'ApiToken' });

/** The answer to a token's creation: its secret, shown this once. */
export const CreatedApiTokenSchema = z.object({ token: ApiTokenSchema, secret: z.string() });

agree<Same<z.infer<typeof ApiTokenSchema>, ApiTokenView>>(true);
agree<Same<z.infer<typeof CreatedApiTokenSchema>, CreatedApiToken>>(true);

export const TOKENS_OPERATIONS: Operations = {
  'GET /api/me/tokens': {
    tag: 'API tokens',
    summary: 'The caller’s API tokens (never their secrets)',
    access: 'account',
    ok: { 200: z.object({ tokens: z.array(ApiTokenSchema) }) },
  },
  'POST /api/me/tokens': {
    tag: 'API tokens',
    summary: 'Create a token: its secret is in this answer only',
    description:
      'Needs a verified e-mail address and a session opened after it was verified (403 otherwise). Tokens are revoked by a password reset, a verification, signing out everywhere and a role change.',
    access: 'account',
    ok: { 201: CreatedApiTokenSchema },
    errors: [403, 429],
  },
  'DELETE /api/me/tokens/{id}': {
    tag: 'API tokens',
    summary: 'Revoke a token',
    access: 'account',
    ok: { 200: z.object({ revoked: z.literal(true) }) },
    errors: [404],
  },
};
