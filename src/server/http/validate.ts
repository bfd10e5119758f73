/** zod validation for routes: failures become `invalid-argument` with the schema's own message. */
import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
import { AppError } from '../../domain/errors';

export function firstIssueMessage(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const where = issue.path.length > 0 ? issue.path.map(String).join('.') : '';
  // Our schemas carry the spec's messages; zod's generic ones get the field name in front.
  return issue.message.includes(' ') && /^[A-Z]/.test(issue.message)
    ? issue.message
    : `${where || 'request'}: ${issue.message}`;
}

export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) throw new AppError('invalid-argument', firstIssueMessage(result.error));
  });
}
