/** The analytics intake in the API document (routes.ts: POST /api/analytics). See api-docs/operation.ts. */
import { z } from 'zod';
import type { Operations } from '../api-docs/operation';
import { fields } from '../api-docs/schemas';

export const ANALYTICS_OPERATIONS: Operations = {
  'POST /api/analytics': {
    tag: 'Service',
    summary: 'Record analytics events from the web app',
    description:
      'Batches of 1 to 10 `session_start` or `share_open` events. The visitor id is the one the server issued and signed in the `crowned_anon_id` cookie; without a valid one, a new one is issued with this answer (`Set-Cookie`). E-mail addresses are stripped from every value, also when percent-encoded, full-width or written as HTML references. Events are limited per visitor and per client address (429 with `Retry-After`).',
    access: 'public',
    ok: { 202: fields({ accepted: z.number() }) },
  },
};
