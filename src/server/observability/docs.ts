/**
 * Liveness and readiness (GET /api/health and /api/ready, answered in app.ts with readiness.ts's
 * probe) and the web's crash reports (client-errors.ts) in the API document. See
 * api-docs/operation.ts.
 */
import { z } from 'zod';
import type { Operations } from '../api-docs/operation';
import { AnyObject, fields } from '../api-docs/schemas';

export const OBSERVABILITY_OPERATIONS: Operations = {
  'GET /api/health': {
    tag: 'Service',
    summary: 'Liveness: the process answers and reaches its database',
    access: 'public',
    ok: { 200: fields({ ok: z.literal(true) }) },
    errors: [503],
  },
  'GET /api/ready': {
    tag: 'Service',
    summary: 'Readiness: database reachable, migrations applied, listener connected',
    access: 'public',
    ok: { 200: fields({ ready: z.literal(true), checks: AnyObject }) },
    errors: [503],
  },
  'POST /api/client-errors': {
    tag: 'Service',
    summary: 'Report a crash of the web app',
    description:
      'The web app reports a page that failed to render, an uncaught error or an unhandled rejection: `kind`, `message` (at most 500 characters), `path` (a path of this app, no query) and an optional `stack` (at most 4000). Written to the server log at `warn`, never stored. Limited per client address (429 with `Retry-After`).',
    access: 'public',
    ok: { 202: fields({ logged: z.boolean() }) },
  },
};
