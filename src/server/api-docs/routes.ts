/** GET /api/openapi.json and GET /api/docs, made from the app's own routes on first use. */
import type { Context, Hono } from 'hono';
import { buildOpenApiDocument, type ApiOperations, type OpenApiDocument } from './document';
import { referencePage } from './reference-page';

export function apiDocs(app: Hono<never>, api: ApiOperations) {
  let document: Promise<OpenApiDocument> | undefined;
  let page: Promise<string> | undefined;
  // Built once, after every route is registered (the first request comes after that).
  const documentOf = () =>
    (document ??= buildOpenApiDocument(app, api).catch((error: unknown) => {
      document = undefined;
      throw error;
    }));
  return {
    documentOf,
    json: async (c: Context) => c.json(await documentOf()),
    html: async (c: Context) => c.html(await (page ??= documentOf().then(referencePage))),
  };
}
