/**
 * zod validation for routes: failures become `invalid-argument` with the schema's own message.
 * The validator is hono-openapi's, so every request schema also lands in /api/openapi.json.
 */
import type { MiddlewareHandler, ValidationTargets } from 'hono';
import { uniqueSymbol, validator } from 'hono-openapi';
import type { z } from 'zod';
import { AppError } from '../../domain/errors';

type IssuePath = readonly (PropertyKey | { readonly key: PropertyKey })[];

export function firstIssueMessage(error: {
  issues: readonly { path?: IssuePath | undefined; message: string }[];
}): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const path = (issue.path ?? []).map((part) =>
    typeof part === 'object' && part !== null ? String(part.key) : String(part),
  );
  const where = path.join('.');
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
  const check = validator(target, schema, (result) => {
    if (!result.success) {
      throw new AppError('invalid-argument', firstIssueMessage({ issues: result.error }));
    }
  });
  // Every string field and path parameter, before it reaches a query. The hook above sees the
  // raw input, so this looks at the parsed value (unknown keys stripped) once it is there.
  const checked: MiddlewareHandler = (c, next) =>
    check(c, async () => {
      const parsed = (c.req as unknown as { valid(target: string): unknown }).valid(target);
      if (hasUnstorableText(parsed))
        throw new AppError('invalid-argument', UNSTORABLE_TEXT_MESSAGE);
      await next();
    });
  // hono-openapi finds the request schema for the document under this key.
  return Object.assign(checked, {
    [uniqueSymbol]: (check as unknown as Record<symbol, unknown>)[uniqueSymbol],
  }) as unknown as typeof check;
}
