/**
 * Checks every /api response against the OpenAPI document (for tests: test/support/server.ts
 * turns it on, so the whole integration suite's responses are run through the document's
 * validators). A response whose status is not documented for its route, or whose JSON body does
 * not match the documented schema, is logged and replaced by a 500 naming the mismatch, so the
 * test that caused it fails. Not used in production (it needs ajv, a dev dependency).
 */
import type { MiddlewareHandler } from 'hono';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { OpenAPIV3_1 } from 'openapi-types';
import type { Logger } from '../platform/log';
import type { OpenApiDocument } from './document';

type Template = { path: string; pattern: RegExp; statics: number };

function templatesOf(document: OpenApiDocument): Template[] {
  return Object.keys(document.paths ?? {})
    .map((path) => ({
      path,
      pattern: new RegExp(
        `^${path
          .split('/')
          .map((segment) =>
            /^\{.+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
          )
          .join('/')}/?$`,
      ),
      statics: path.split('/').filter((segment) => !segment.startsWith('{')).length,
    }))
    .sort((a, b) => b.statics - a.statics);
}

export type ResponseCheck = (documentOf: () => Promise<OpenApiDocument>) => MiddlewareHandler;

export function responseCheck(log: Logger): ResponseCheck {
  return (documentOf) => {
    let prepared: Promise<{ document: OpenApiDocument; templates: Template[]; ajv: Ajv2020 }>;
    const validators = new Map<string, ValidateFunction>();
    const prepare = () =>
      (prepared ??= documentOf().then((document) => {
        const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
        ajv.addSchema({ $id: 'crowned-api', components: document.components }, 'crowned-api');
        return { document, templates: templatesOf(document), ajv };
      }));

    const validatorFor = (
      ajv: Ajv2020,
      key: string,
      schema: OpenAPIV3_1.SchemaObject | OpenAPIV3_1.ReferenceObject,
    ) => {
      let validate = validators.get(key);
      if (!validate) {
        // References (#/components/schemas/…) point into the document's components.
        const rebased = JSON.parse(
          JSON.stringify(schema).replaceAll('"#/components/', '"crowned-api#/components/'),
        ) as object;
        validate = ajv.compile(rebased);
        validators.set(key, validate);
      }
      return validate;
    };

    return async (c, next) => {
      await next();
      const method = c.req.method;
      const path = c.req.path;
      if (method === 'HEAD' || method === 'OPTIONS' || path.startsWith('/api/auth/')) return;
      const { document, templates, ajv } = await prepare();
      const response = c.res;
      // An event stream written straight to the socket (realtime/sse.ts): nothing to read here.
      if (response.headers.has('x-hono-already-sent')) return;
      const status = response.status;
      const contentType = (response.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
      const found = templates.find((candidate) => candidate.pattern.test(path));
      // Routes match strictly ("/x/" is not "/x"): a trailing slash the pattern forgave, answered
      // 404, reached no route (an empty last parameter, say).
      const template =
        found && status === 404 && path.endsWith('/') && !found.path.endsWith('/')
          ? undefined
          : found;
      const operation = template
        ? (document.paths?.[template.path]?.[method.toLowerCase() as OpenAPIV3_1.HttpMethods] as
            OpenAPIV3_1.OperationObject | undefined)
        : undefined;

      let problem: string | null = null;
      let schema: OpenAPIV3_1.SchemaObject | OpenAPIV3_1.ReferenceObject | undefined;
      let key = '';
      if (!operation) {
        // No such route: only the API's own not-found (or a refusal before routing) is right.
        if (status < 400) problem = `${method} ${path} answered ${status} but is not documented`;
        else schema = { $ref: '#/components/schemas/Error' };
        key = 'error';
      } else {
        const documented = operation.responses?.[String(status)] as
          OpenAPIV3_1.ResponseObject | undefined;
        const where = `${method} ${template?.path}`;
        if (!documented) {
          problem = `${where} answered ${status}, which the document does not list`;
        } else if (documented.content && !(contentType in documented.content)) {
          problem = `${where} ${status} answered ${contentType || 'no content type'}, documented: ${Object.keys(documented.content).join(', ')}`;
        } else if (contentType === 'application/json') {
          schema = documented.content?.['application/json']?.schema;
          key = `${where} ${status}`;
        }
      }
      if (!problem && schema && contentType === 'application/json') {
        const text = await response.clone().text();
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          problem = `${method} ${path} ${status}: the body is not JSON`;
        }
        if (!problem) {
          const validate = validatorFor(ajv, key, schema);
          if (!validate(body)) {
            const error = validate.errors?.[0];
            problem = `${method} ${template?.path ?? path} ${status}: ${error?.instancePath || 'body'} ${error?.message ?? 'does not match'} (${JSON.stringify(error?.params ?? {})})`;
          }
        }
      }
      if (problem) {
        log.error(`response does not match the API document: ${problem}`);
        c.res = new Response(
          JSON.stringify({
            error: {
              code: 'internal',
              message: `Response does not match the API document: ${problem}`,
            },
          }),
          { status: 500, headers: { 'content-type': 'application/json' } },
        );
      }
    };
  };
}
