/** The API document's own routes in it (routes.ts: /api/openapi.json, /api/docs). */
import type { Operations } from './operation';
import { AnyObject } from './schemas';

export const API_DOCS_OPERATIONS: Operations = {
  'GET /api/openapi.json': {
    tag: 'Service',
    summary: 'This document (OpenAPI 3.1)',
    access: 'public',
    ok: { 200: AnyObject },
  },
  'GET /api/docs': {
    tag: 'Service',
    summary: 'A readable reference of this API (HTML)',
    access: 'public',
    ok: { 200: { media: 'text/html', description: 'The API reference page' } },
  },
};
