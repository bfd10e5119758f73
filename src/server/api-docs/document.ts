/**
 * The OpenAPI 3.1 document of /api, built once from the app itself: hono-openapi reads every
 * route's request schemas from its validators (src/server/http/validate.ts), and the operations
 * each feature declares in its docs.ts (handed in by the composition root, app.ts) add what a
 * validator cannot know (summary, access, token access, responses). Served at /api/openapi.json.
 */
import type { Hono } from 'hono';
import { generateSpecs, resolver } from 'hono-openapi';
import type { OpenAPIV3_1 } from 'openapi-types';
import type { z } from 'zod';
import { ErrorBodySchema } from './schemas';
import {
  TAGS,
  type Access,
  type AuthOperations,
  type Body,
  type Operation,
  type Operations,
} from './operation';

export type OpenApiDocument = OpenAPIV3_1.Document;

/** Every feature's operations, and better-auth's, gathered by the composition root. */
export type ApiOperations = { operations: Operations; auth: AuthOperations };

/** A Hono route path as an OpenAPI path: `:id` and `:file{regex}` become `{id}`, `{file}`. */
export function openApiPath(honoPath: string): string {
  return honoPath
    .split('/')
    .map((segment) => segment.replace(/^:([A-Za-z0-9_]+)(?:\{.*\})?\??$/, '{$1}'))
    .join('/');
}

/**
 * The error statuses a route may answer beyond its own: any request may be invalid, rate
 * limited or meet a database outage; any may carry a bad or out-of-scope API token (401, 403),
 * and a write from a foreign origin is refused (403). A write that lost a race with a concurrent
 * change five times in a row is 409 (the transaction helper, decision 0033).
 */
function errorStatuses(method: string, access: Access, own: number[] = []): number[] {
  const statuses = new Set<number>([400, 401, 403, 429, 500, 503, ...own]);
  if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) statuses.add(409);
  if (['POST', 'PUT', 'PATCH'].includes(method)) statuses.add(413);
  if (access === 'owner') statuses.add(404);
  return [...statuses].sort((a, b) => a - b);
}

const ERROR_MEANING: Record<number, string> = {
  400: 'invalid-argument: the request is not valid (the message says why)',
  401: 'unauthenticated: sign in first (or the API token is unknown, expired or revoked)',
  403: 'permission-denied: not allowed for this caller, outside an API token’s scope, or a write from another site',
  404: 'not-found: no such game, rank, user or route',
  409: 'aborted: the state changed (closed game, taken handle, duplicate), or a concurrent change won every retry',
  413: 'invalid-argument: the request body is larger than 256 KB',
  429: 'resource-exhausted: too many requests or over a quota (see Retry-After)',
  500: 'internal: a failure on the server',
  503: 'unavailable: the database is briefly unreachable or the server is stopping (retry)',
};

const ACCESS_TEXT: Record<Access, string> = {
  public: 'Anyone. A session, when present, changes what is shown to its player.',
  session: 'A signed-in session (guests included).',
  account: 'A signed-in account (not a guest).',
  owner: "The game's owner (a signed-in account).",
  admin: 'Administrators only.',
};

function security({ access, tokens }: Operation) {
  const schemes: OpenAPIV3_1.SecurityRequirementObject[] = [{ cookieAuth: [] }];
  if (tokens && access !== 'admin') schemes.push({ bearerAuth: [] });
  // An empty requirement: callable without credentials.
  if (access === 'public') schemes.unshift({});
  return schemes;
}

type Components = OpenAPIV3_1.ComponentsObject;

async function schemaOf(schema: z.ZodType, components: Components) {
  const resolved = await resolver(schema).toOpenAPISchema();
  Object.assign((components.schemas ??= {}), resolved.components?.schemas ?? {});
  return resolved.schema;
}

async function successResponse(body: Body, components: Components) {
  if ('media' in body) {
    const content: Record<string, OpenAPIV3_1.MediaTypeObject> = {};
    for (const media of body.media.split(/,\s*/)) content[media] = {};
    if (body.schema) content[body.media] = { schema: await schemaOf(body.schema, components) };
    return { description: body.description, content };
  }
  return {
    description: 'Success',
    content: { 'application/json': { schema: await schemaOf(body, components) } },
  };
}

const INFO = {
  title: 'Crowned API',
  version: '1',
  description: [
    'The HTTP API of Crowned, the social ranking game. Every body is JSON unless said otherwise.',
    '',
    'Errors are `{ "error": { "code", "message" } }` with the codes of SPEC §8 (`invalid-argument` 400, `unauthenticated` 401, `permission-denied` 403, `not-found` 404, `aborted` 409, `resource-exhausted` 429, `internal` 500, `unavailable` 503, `deadline-exceeded` 504); `requestId` names the request in the server log.',
    '',
    'Auth: the web app signs in with a session cookie (better-auth, under /api/auth). Scripts use a personal API token from the account page as `Authorization: Bearer <token>`: tokens reach only the caller’s own games and rankings, and a request with a bearer token never uses cookies.',
    '',
    'Writes with a session cookie must come from the site itself (Origin checked) as `application/json`.',
  ].join('\n'),
};

/** Builds the document from the app's routes (call after every route is registered). */
export async function buildOpenApiDocument(
  app: Hono<never>,
  api: ApiOperations,
): Promise<OpenApiDocument> {
  const generated = await generateSpecs(app as unknown as Hono, {
    documentation: { openapi: '3.1.0', info: INFO },
    includeEmptyPaths: true,
    excludeStaticFile: false,
    exclude: [/^(?!\/api\/)/, /\*/],
    defaultValidationErrorResponse: false,
  });
  const components: Components = {
    ...generated.components,
    securitySchemes: {
      cookieAuth: {
        type: 'apiKey',
        in: 'cookie',
        name: 'better-auth.session_token',
        description:
          'The session cookie set by /api/auth sign-in (named __Secure-better-auth.session_token over https).',
      },
      bearerAuth: {
        type: 'http',
        scheme: 'bearer',
        description: 'A personal API token (create one on the account page).',
      },
    },
  };
  const errorSchema = await schemaOf(ErrorBodySchema, components);
  const errorResponse = (status: number): OpenAPIV3_1.ResponseObject => ({
    description: ERROR_MEANING[status] ?? `Error ${status}`,
    content: { 'application/json': { schema: errorSchema } },
  });

  const paths: Record<string, Record<string, OpenAPIV3_1.OperationObject>> = {};
  const generatedPaths = generated.paths as OpenAPIV3_1.PathsObject;
  for (const [key, operation] of Object.entries(api.operations)) {
    const [method = '', path = ''] = key.split(' ');
    const lower = method.toLowerCase() as OpenAPIV3_1.HttpMethods;
    const fromRoutes = generatedPaths[path]?.[lower] as OpenAPIV3_1.OperationObject | undefined;
    // Documented only while the app has the route (the coverage test holds the two together).
    if (!fromRoutes) continue;
    const responses: OpenAPIV3_1.ResponsesObject = {};
    for (const [status, body] of Object.entries(operation.ok)) {
      responses[status] = await successResponse(body, components);
    }
    for (const status of errorStatuses(method, operation.access, operation.errors)) {
      responses[String(status)] = errorResponse(status);
    }
    const description = [operation.description, `**Access:** ${ACCESS_TEXT[operation.access]}`]
      .filter(Boolean)
      .join('\n\n');
    (paths[path] ??= {})[lower] = {
      ...fromRoutes,
      operationId: fromRoutes.operationId,
      tags: [operation.tag],
      summary: operation.summary,
      description,
      security: security(operation),
      responses,
      ...(operation.access === 'admin' ? { 'x-admin-only': true } : {}),
    } as OpenAPIV3_1.OperationObject;
  }

  const authError: OpenAPIV3_1.ResponseObject = {
    description: "better-auth's error: `{ code, message }`",
    content: { 'application/json': { schema: { type: 'object' } } },
  };
  for (const [key, operation] of Object.entries(api.auth)) {
    const [method = '', path = ''] = key.split(' ');
    const lower = method.toLowerCase() as OpenAPIV3_1.HttpMethods;
    const requestBody = operation.body
      ? {
          required: true,
          content: { 'application/json': { schema: await schemaOf(operation.body, components) } },
        }
      : undefined;
    (paths[path] ??= {})[lower] = {
      operationId: `auth${path
        .slice('/api/auth'.length)
        .split(/[/-]/)
        .filter(Boolean)
        .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
        .join('')}`,
      tags: ['Account'],
      summary: operation.summary,
      description: `Handled by better-auth.\n\n**Access:** ${ACCESS_TEXT[operation.access]}`,
      security: operation.access === 'public' ? [{}, { cookieAuth: [] }] : [{ cookieAuth: [] }],
      ...(requestBody ? { requestBody } : {}),
      responses: {
        '200': {
          description: 'Success (better-auth’s body)',
          content: { 'application/json': { schema: { type: ['object', 'null'] } } },
        },
        '400': authError,
        '401': authError,
        '403': authError,
        '429': authError,
      },
    } as OpenAPIV3_1.OperationObject;
  }

  return {
    openapi: '3.1.0',
    info: INFO,
    tags: TAGS.map((tag) => ({ ...tag })),
    paths,
    components,
  };
}
