/**
 * Liveness and readiness in the API document (GET /api/health and /api/ready, answered in
 * app.ts with readiness.ts's probe). See api-docs/operation.ts.
 */
import { z } from 'zod';
import type { Operations } from '../api-docs/operation';
import { AnyObject, fields } from '../api-docs/schemas';

export const PROBES_OPERATIONS: Operations = {
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
};
