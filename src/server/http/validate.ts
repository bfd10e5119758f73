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

/** A NUL character or half of a surrogate pair: text PostgreSQL cannot store. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what it looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether any string in a parsed request value (keys included) is text we cannot store. */
export function hasUnstorableText(value: unknown): boolean {
  if (typeof value === 'string') return UNSTORABLE.test(value);
  if (Array.isArray(value)) return value.some(hasUnstorableText);
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([key, v]) => UNSTORABLE.test(key) || hasUnstorableText(v));
  }
  return false;
}

export const UNSTORABLE_TEXT_MESSAGE = 'Text must not contain NUL characters or broken Unicode';

export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) throw new AppError('invalid-argument', firstIssueMessage(result.error));
    // Every string field and path parameter, before it reaches a query.
    if (hasUnstorableText(result.data)) {
      throw new AppError('invalid-argument', UNSTORABLE_TEXT_MESSAGE);
    }
  });
}
