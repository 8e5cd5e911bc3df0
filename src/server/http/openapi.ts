import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { escapeHtml } from '../domains/auth/login-page.ts';
import { appRouter } from '../router.ts';
import type { RestDoc } from './rest.ts';

type JsonSchema = Record<string, unknown>;

interface ProcedureDef {
  _def: { inputs: unknown[]; type: 'query' | 'mutation' | 'subscription' };
}

function procedures(): Record<string, ProcedureDef> {
  return (appRouter._def as unknown as { procedures: Record<string, ProcedureDef> }).procedures;
}

function toJsonSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return json;
}

/** The request schema of a documented path: the procedure's own zod input, or the declared body. */
export function requestSchema(doc: RestDoc): JsonSchema | undefined {
  if (doc.bodySchema) return toJsonSchema(doc.bodySchema);
  if (!doc.procedure) return undefined;
  const procedure = procedures()[doc.procedure];
  if (!procedure) throw new Error(`REST path ${doc.method} ${doc.url} names unknown procedure ${doc.procedure}`);
  const [input] = procedure._def.inputs;
  return input instanceof z.ZodType ? toJsonSchema(input) : undefined;
}

const errorSchema: JsonSchema = {
  type: 'object',
  required: ['message', 'code'],
  properties: {
    message: { type: 'string', description: 'A sentence to show the user' },
    code: { type: 'string', description: 'Machine-readable code, e.g. BAD_REQUEST, NOT_FOUND' },
    issues: {
      type: 'object',
      description: 'Validation problems per field (400 only)',
      properties: {
        formErrors: { type: 'array', items: { type: 'string' } },
        fieldErrors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
      },
    },
    details: { type: 'object', description: 'Extra data the client can act on (e.g. a partial VIN decode)' },
    requestId: { type: 'string', description: 'Present on 5xx answers, for support' },
  },
};

const errorStatuses: Record<string, string> = {
  '400': 'Invalid input',
  '401': 'Not signed in, or an unknown or revoked API token',
  '403': 'Signed in, but this needs Tech Mode (or a cross-site request)',
  '404': 'Not found, or not yours',
  '409': 'Conflict with stored data',
  '413': 'Request body too large',
  '415': 'Unsupported type of content',
  '422': 'Well-formed but not processable',
  '429': 'Rate-limited',
  '503': 'Briefly unavailable',
};

function openApiPath(url: string): { path: string; params: string[] } {
  const params: string[] = [];
  const path = url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => {
    params.push(name);
    return `{${name}}`;
  });
  return { path, params };
}

const ACCESS_TEXT: Record<RestDoc['auth'], string> = {
  public: 'anyone',
  user: 'signed in',
  staff: 'signed in, staff of the shop',
  admin: 'signed in, administrator',
  tech: 'signed in, Tech Mode',
};

function errorsFor(doc: RestDoc): string[] {
  const codes = new Set<string>(['400', '413', '429', '503']);
  if (doc.auth !== 'public') codes.add('401');
  if (doc.auth === 'tech' || doc.auth === 'staff' || doc.auth === 'admin') codes.add('403');
  if (doc.auth === 'staff') codes.add('404');
  if (doc.url.includes(':')) codes.add('404');
  if (doc.multipartFile || doc.textBody) codes.add('415');
  return [...codes].sort();
}

export function buildOpenApiDocument(docs: RestDoc[], appName: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const doc of docs) {
    const { path, params } = openApiPath(doc.url);
    const schema = requestSchema(doc);
    const parameters: JsonSchema[] = params.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
    let requestBody: JsonSchema | undefined;
    if (schema && doc.inputFrom === 'query') {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set((schema.required as string[] | undefined) ?? []);
      for (const [name, property] of Object.entries(properties)) {
        if (!params.includes(name)) parameters.push({ name, in: 'query', required: required.has(name), schema: property });
      }
    } else if (doc.multipartFile) {
      const form = { type: 'object', required: [doc.multipartFile], properties: { [doc.multipartFile]: { type: 'string', format: 'binary' } } };
      requestBody = { required: true, content: { 'multipart/form-data': { schema: form } } };
    } else if (schema && (doc.inputFrom === 'body' || doc.bodySchema)) {
      const text = doc.textBody ? { [doc.textBody.contentType]: { schema: { type: 'string', description: `The \`${doc.textBody.field}\` field as the whole body` } } } : {};
      requestBody = { required: true, content: { 'application/json': { schema }, ...text } };
    }
    for (const [name, description] of Object.entries(doc.queryFlags ?? {})) {
      parameters.push({ name, in: 'query', required: false, description, schema: { type: 'boolean', default: false } });
    }
    const responses: Record<string, JsonSchema> = {
      [String(doc.status)]:
        doc.status === 204
          ? { description: 'Done' }
          : { description: 'Success', content: { [doc.produces ?? 'application/json']: { schema: {} } } },
    };
    for (const code of errorsFor(doc)) {
      responses[code] = { description: errorStatuses[code] ?? 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
    }
    paths[path] ??= {};
    paths[path][doc.method.toLowerCase()] = {
      summary: doc.summary,
      ...(doc.description ? { description: doc.description } : {}),
      tags: [doc.tag],
      ...(doc.procedure ? { operationId: doc.procedure } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      security: doc.auth === 'public' ? [] : [{ cookieSession: [] }, { apiToken: [] }],
      'x-vintech-access': ACCESS_TEXT[doc.auth],
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${appName} API`,
      version: '1.0.0',
      description:
        'Every path answers JSON. Errors answer { message, code } (plus issues for validation). Authenticate with the session cookie of a signed-in browser, or with a personal API token from the profile page: Authorization: Bearer <token>. Units are canonical on every path, whatever the account\u2019s unit preferences (which only change what the app shows): distances and mileages in whole miles, fuel in US gallons, charging in kWh, money as the decimal amounts recorded (no currency conversion), days as YYYY-MM-DD.',
    },
    servers: [{ url: '/' }],
    components: {
      schemas: { Error: errorSchema },
      securitySchemes: {
        cookieSession: { type: 'apiKey', in: 'cookie', name: 'vt.sid' },
        apiToken: { type: 'http', scheme: 'bearer', description: 'A personal API token (vt_...)' },
      },
    },
    paths,
  };
}

const docsStyles = `
:root { color-scheme: light dark; --bg:#fff; --fg:#212529; --muted:#495057; --border:#dee2e6; --code:#f1f3f5; --get:#1864ab; --post:#2b8a3e; --patch:#9c4a00; --put:#9c4a00; --delete:#c92a2a; }
@media (prefers-color-scheme: dark) { :root { --bg:#1a1b1e; --fg:#e9ecef; --muted:#c1c2c5; --border:#373a40; --code:#25262b; --get:#74c0fc; --post:#8ce99a; --patch:#ffc078; --put:#ffc078; --delete:#ffa8a8; } }
body { margin:0; background:var(--bg); color:var(--fg); font:15px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, sans-serif; }
main { max-width:960px; margin:0 auto; padding:24px 16px 64px; }
h1 { margin:0 0 4px; } h2 { margin:32px 0 8px; border-bottom:1px solid var(--border); padding-bottom:4px; }
.muted { color:var(--muted); }
details { border:1px solid var(--border); border-radius:8px; margin:8px 0; }
summary { cursor:pointer; padding:10px 12px; display:flex; gap:10px; align-items:baseline; flex-wrap:wrap; }
.method { font:700 12px/1 monospace; min-width:56px; }
.GET { color:var(--get); } .POST { color:var(--post); } .PATCH, .PUT { color:var(--patch); } .DELETE { color:var(--delete); }
code, pre { font-family: ui-monospace, Menlo, Consolas, monospace; background:var(--code); border-radius:4px; }
code { padding:1px 4px; } pre { padding:10px; overflow:auto; font-size:13px; }
.body { padding:0 12px 12px; }
a { color:var(--get); }
`;

/** A readable, self-contained reference page (no scripts, no external assets). */
export function renderDocsPage(document: JsonSchema, appName: string): string {
  const paths = document.paths as Record<string, Record<string, JsonSchema>>;
  const byTag = new Map<string, string[]>();
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const tag = ((op.tags as string[] | undefined) ?? ['Other'])[0] ?? 'Other';
      const parameters = (op.parameters as JsonSchema[] | undefined) ?? [];
      const body = (op.requestBody as { content: Record<string, { schema: JsonSchema }> } | undefined)?.content['application/json']?.schema;
      const responses = Object.entries(op.responses as Record<string, { description: string }>)
        .map(([code, r]) => `<li><code>${code}</code> ${escapeHtml(r.description)}</li>`)
        .join('');
      const section = `<details><summary><span class="method ${method.toUpperCase()}">${method.toUpperCase()}</span><code>${escapeHtml(path)}</code><span>${escapeHtml(String(op.summary))}</span></summary><div class="body">
<p class="muted">Access: ${escapeHtml(String(op['x-vintech-access']))}${op.operationId ? ` · procedure <code>${escapeHtml(String(op.operationId))}</code>` : ''}</p>
${op.description ? `<p>${escapeHtml(String(op.description))}</p>` : ''}
${parameters.length ? `<p><strong>Parameters</strong></p><ul>${parameters.map((p) => `<li><code>${escapeHtml(String(p.name))}</code> (${escapeHtml(String(p.in))}${p.required ? ', required' : ''})</li>`).join('')}</ul>` : ''}
${body ? `<p><strong>Request body</strong> (JSON)</p><pre>${escapeHtml(JSON.stringify(body, null, 2))}</pre>` : ''}
<p><strong>Responses</strong></p><ul>${responses}</ul></div></details>`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), section]);
    }
  }
  const sections = [...byTag.entries()].map(([tag, items]) => `<h2>${escapeHtml(tag)}</h2>${items.join('\n')}`).join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(appName)} API reference</title><style>${docsStyles}</style></head><body><main>
<h1>${escapeHtml(appName)} API reference</h1>
<p class="muted">${escapeHtml(String((document.info as JsonSchema).description))}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>
<h2>Getting a token</h2>
<p>Sign in, open <strong>Profile → API tokens</strong>, create a token and copy it (it is shown once). Then:</p>
<pre>curl -H "Authorization: Bearer vt_..." http://localhost:3000/api/auth/user</pre>
${sections}
</main></body></html>`;
}

export function registerApiDocs(app: FastifyInstance): void {
  let cached: { json: JsonSchema; html: string } | undefined;
  const build = () => {
    if (!cached) {
      const json = buildOpenApiDocument(app.restDocs, app.appName);
      cached = { json, html: renderDocsPage(json, app.appName) };
    }
    return cached;
  };
  app.get('/api/openapi.json', async (_req, reply) => reply.send(build().json));
  app.get('/api/docs', async (_req, reply) => reply.type('text/html; charset=utf-8').send(build().html));
}
