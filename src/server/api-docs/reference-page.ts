/**
 * /api/docs: the API reference as one server-rendered HTML page made from the OpenAPI document
 * (headings per tag; method, path, access, parameters, request fields and responses per
 * operation). No script and no third-party code, so it lives within the site's CSP; light and
 * dark follow the system, and it reads on a phone. Decision 0025 says why not a renderer bundle.
 */
import type { OpenAPIV3_1 } from 'openapi-types';
import type { OpenApiDocument } from './document';

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

/** Just enough Markdown for the document's descriptions: `code`, **bold**, paragraphs. */
function prose(text: string | undefined): string {
  if (!text) return '';
  return text
    .split(/\n\n+/)
    .map(
      (paragraph) =>
        `<p>${escape(paragraph)
          .replace(/`([^`]+)`/g, '<code>$1</code>')
          .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')}</p>`,
    )
    .join('');
}

type Schema = OpenAPIV3_1.SchemaObject & { $ref?: string };

function resolve(document: OpenApiDocument, schema: Schema | undefined): Schema | undefined {
  if (!schema?.$ref) return schema;
  const name = schema.$ref.split('/').pop() ?? '';
  return resolve(document, document.components?.schemas?.[name] as Schema | undefined);
}

function typeName(document: OpenApiDocument, schema: Schema | undefined): string {
  if (!schema) return 'any';
  if (schema.$ref) return schema.$ref.split('/').pop() ?? 'object';
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  if ('const' in schema) return JSON.stringify(schema.const);
  if (schema.anyOf || schema.oneOf) {
    return ((schema.anyOf ?? schema.oneOf) as Schema[])
      .map((part) => typeName(document, part))
      .join(' | ');
  }
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? 'any');
  if (type === 'array') return `${typeName(document, (schema as { items?: Schema }).items)}[]`;
  return type;
}

function fieldsTable(document: OpenApiDocument, schema: Schema | undefined): string {
  const resolved = resolve(document, schema);
  const properties = Object.entries(resolved?.properties ?? {});
  if (properties.length === 0) return '';
  const required = new Set(resolved?.required ?? []);
  const rows = properties
    .map(([name, property]) => {
      const field = property as Schema;
      const limits = [
        field.minLength !== undefined ? `min length ${field.minLength}` : '',
        field.maxLength !== undefined ? `max length ${field.maxLength}` : '',
        field.maxItems !== undefined ? `at most ${field.maxItems}` : '',
      ]
        .filter(Boolean)
        .join(', ');
      return `<tr><td><code>${escape(name)}</code>${required.has(name) ? '' : ' <span class="opt">optional</span>'}</td><td>${escape(typeName(document, field))}</td><td>${escape([field.description ?? '', limits].filter(Boolean).join('; '))}</td></tr>`;
    })
    .join('');
  return `<div class="scroll"><table><thead><tr><th scope="col">Field</th><th scope="col">Type</th><th scope="col">Notes</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

function access(operation: OpenAPIV3_1.OperationObject): string {
  const schemes = (operation.security ?? []).map((requirement) => Object.keys(requirement)[0]);
  const parts = [
    schemes.includes(undefined) ? 'no sign-in needed' : '',
    schemes.includes('cookieAuth') ? 'session cookie' : '',
    schemes.includes('bearerAuth') ? 'API token (Bearer)' : '',
  ].filter(Boolean);
  const admin = (operation as { 'x-admin-only'?: boolean })['x-admin-only'];
  return `${admin ? '<span class="badge admin">admin only</span> ' : ''}${escape(parts.join(' · '))}`;
}

function operationHtml(
  document: OpenApiDocument,
  path: string,
  method: string,
  operation: OpenAPIV3_1.OperationObject,
): string {
  const id = operation.operationId ?? `${method}-${path}`;
  const parameters = (operation.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
  const parameterRows = parameters
    .map(
      (parameter) =>
        `<tr><td><code>${escape(parameter.name)}</code>${parameter.required ? '' : ' <span class="opt">optional</span>'}</td><td>${escape(parameter.in)}</td><td>${escape(typeName(document, parameter.schema as Schema))}</td></tr>`,
    )
    .join('');
  const body = operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
  const bodySchema = body?.content?.['application/json']?.schema as Schema | undefined;
  const responses = Object.entries(operation.responses ?? {})
    .map(([status, value]) => {
      const response = value as OpenAPIV3_1.ResponseObject;
      const media = Object.keys(response.content ?? {});
      const schema = response.content?.['application/json']?.schema as Schema | undefined;
      const shape =
        Number(status) < 400 && schema
          ? ` <span class="shape">${escape(typeName(document, schema))}</span>`
          : '';
      const fields = Number(status) < 400 ? fieldsTable(document, schema) : '';
      return `<li><span class="status s${status[0]}">${escape(status)}</span> ${escape(response.description ?? '')}${media.length && media[0] !== 'application/json' ? ` <code>${escape(media.join(', '))}</code>` : shape}${fields}</li>`;
    })
    .join('');
  return `<section class="op" id="${escape(id)}" aria-labelledby="${escape(id)}-h">
<h3 id="${escape(id)}-h"><span class="method m-${method}">${method.toUpperCase()}</span> <code class="path">${escape(path)}</code></h3>
<p class="summary">${escape(operation.summary ?? '')}</p>
<p class="access"><strong>Auth:</strong> ${access(operation)}</p>
${prose((operation.description ?? '').replace(/\*\*Access:\*\*[^\n]*/, '').trim())}
${parameterRows ? `<h4>Parameters</h4><div class="scroll"><table><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Type</th></tr></thead><tbody>${parameterRows}</tbody></table></div>` : ''}
${bodySchema ? `<h4>Request body <span class="shape">application/json</span></h4>${fieldsTable(document, bodySchema) || `<p>${escape(typeName(document, bodySchema))}</p>`}` : ''}
<h4>Responses</h4><ul class="responses">${responses}</ul>
</section>`;
}

const STYLE = `
:root{color-scheme:light dark;--bg:#fff;--fg:#1a1a2e;--muted:#5b5b70;--line:#e3e3ea;--card:#f7f7fb;--code:#efeff5;--accent:#6d28d9}
@media (prefers-color-scheme:dark){:root{--bg:#121218;--fg:#ececf3;--muted:#a5a5b8;--line:#2c2c38;--card:#1b1b24;--code:#262632;--accent:#b79cff}}
*{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
a{color:var(--accent)}code{font:0.9em ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:var(--code);padding:0.1em 0.35em;border-radius:4px;overflow-wrap:anywhere}
.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:var(--bg);padding:0.5rem;z-index:1}
.layout{display:grid;grid-template-columns:1fr;max-width:1200px;margin:0 auto}
@media (min-width:900px){.layout{grid-template-columns:320px 1fr}nav.toc{position:sticky;top:0;height:100vh;overflow:auto;border-right:1px solid var(--line)}}
nav.toc{padding:1rem 1.25rem;font-size:0.92rem}nav.toc ul{list-style:none;margin:0;padding:0}
nav.toc a.tag{font-weight:600}nav.toc ul.ops a{display:grid;grid-template-columns:3.6em 1fr;gap:0.2rem;padding:0.1rem 0;overflow-wrap:break-word;text-decoration:none}nav.toc ul.ops a:hover span+span,nav.toc ul.ops a:focus span+span{text-decoration:underline}
nav.toc ul.ops{margin:0.2rem 0 0.8rem}nav.toc .m{font:600 0.72rem/1.9 ui-monospace,monospace;color:var(--muted)}
@media (max-width:899px){nav.toc{border-bottom:1px solid var(--line)}nav.toc>ul{display:flex;flex-wrap:wrap;gap:0.4rem}nav.toc>ul>li>a.tag{display:inline-block;padding:0.35rem 0.7rem;border:1px solid var(--line);border-radius:999px;text-decoration:none}nav.toc ul.ops{display:none}}
main{padding:1rem 1.25rem 4rem;min-width:0;overflow-wrap:anywhere}h1{margin:0.5rem 0 0.25rem;font-size:1.8rem}h2{margin-top:2.5rem;padding-top:0.5rem;border-top:2px solid var(--line)}
.op{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:0.9rem 1rem;margin:1rem 0}
.op h3{margin:0;font-size:1.05rem;display:flex;flex-wrap:wrap;gap:0.5rem;align-items:center}.op h3 code.path{background:none;padding:0;font-size:1rem;min-width:0}
.op h4{margin:0.9rem 0 0.3rem;font-size:0.95rem}.summary{margin:0.35rem 0}.access{margin:0.35rem 0;color:var(--muted);font-size:0.93rem}
.method{font:700 0.75rem ui-monospace,monospace;padding:0.2rem 0.5rem;border-radius:5px;color:#fff;background:#475569}
.m-get{background:#1d6f42}.m-post{background:#1d4ed8}.m-put{background:#9a5b00}.m-patch{background:#7c3aed}.m-delete{background:#b42318}
.badge{font-size:0.75rem;font-weight:700;padding:0.1rem 0.45rem;border-radius:999px;border:1px solid currentColor}.badge.admin{color:#b42318}
@media (prefers-color-scheme:dark){.badge.admin{color:#ff8a80}}
.opt{color:var(--muted);font-size:0.8rem}.shape{color:var(--muted);font-weight:400;font-size:0.85rem}
.scroll{overflow-x:auto}table{border-collapse:collapse;width:100%;font-size:0.9rem}th,td{text-align:left;padding:0.3rem 0.5rem;border-bottom:1px solid var(--line);vertical-align:top}
ul.responses{list-style:none;padding:0;margin:0}ul.responses li{padding:0.25rem 0;border-bottom:1px dashed var(--line)}
.status{display:inline-block;min-width:2.6em;font:700 0.85rem ui-monospace,monospace}.s2{color:#1d6f42}.s4{color:#9a5b00}.s5{color:#b42318}
@media (prefers-color-scheme:dark){.s2{color:#6ee7a0}.s4{color:#fbbf24}.s5{color:#ff8a80}}
`;

export function referencePage(document: OpenApiDocument): string {
  const byTag = new Map<string, [string, string, OpenAPIV3_1.OperationObject][]>();
  for (const tag of document.tags ?? []) byTag.set(tag.name, []);
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, value] of Object.entries(item ?? {})) {
      const operation = value as OpenAPIV3_1.OperationObject;
      const tag = operation.tags?.[0] ?? 'Other';
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)?.push([path, method, operation]);
    }
  }
  const tags = [...byTag].filter(([, operations]) => operations.length > 0);
  const slug = (tag: string) => `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  const toc = tags
    .map(
      ([tag, operations]) =>
        `<li><a class="tag" href="#${slug(tag)}">${escape(tag)}</a><ul class="ops">${operations
          .map(
            ([path, method, operation]) =>
              `<li><a href="#${escape(operation.operationId ?? '')}"><span class="m">${method.toUpperCase()}</span><span>${escape(path.replace(/^\/api/, ''))}</span></a></li>`,
          )
          .join('')}</ul></li>`,
    )
    .join('');
  const sections = tags
    .map(([tag, operations]) => {
      const description = document.tags?.find((entry) => entry.name === tag)?.description;
      return `<section aria-labelledby="${slug(tag)}"><h2 id="${slug(tag)}">${escape(tag)}</h2>${prose(description)}${operations
        .map(([path, method, operation]) => operationHtml(document, path, method, operation))
        .join('')}</section>`;
    })
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(document.info.title)} reference</title><meta name="color-scheme" content="light dark"><style>${STYLE}</style></head>
<body><a class="skip" href="#main">Skip to the reference</a><div class="layout">
<nav class="toc" aria-label="Operations"><p><strong>${escape(document.info.title)}</strong> · v${escape(document.info.version)}</p><p><a href="/api/openapi.json">openapi.json</a></p><ul>${toc}</ul></nav>
<main id="main"><h1>${escape(document.info.title)}</h1>${prose(document.info.description)}${sections}</main></div></body></html>`;
}
