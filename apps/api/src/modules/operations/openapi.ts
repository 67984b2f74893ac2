import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { escapeHtml } from '../mail/mail-templates.js';

/**
 * The OpenAPI 3.1 document of every API route, generated from the zod schemas the routes validate
 * and serialise with (so it cannot drift from what the server does), at /public/openapi.json, and
 * a plain reference page rendered from it at /public/api-docs (docs/decisions/074).
 */

type Operation = {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: unknown;
  responses?: Record<string, { description?: string }>;
};
type Document = { info: { title: string; version: string }; paths?: Record<string, Record<string, Operation>> };

/** Must be registered before the routes: @fastify/swagger collects them as they are added. */
export async function registerOpenApi(app: FastifyInstance, opts: { title: string; publicUrl: string }) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${opts.title} API`,
        version: '1',
        description: 'Errors answer `{ code, message, errors?, retryAfter? }` with a code from the shared error table.',
      },
      servers: [{ url: opts.publicUrl }],
      components: { securitySchemes: { session: { type: 'http', scheme: 'bearer', description: 'The token a sign-in returned.' } } },
    },
    transform(input) {
      // Not the API: the web app's page fallback (its files are hidden by @fastify/static itself).
      if (input.url === '/*') return { schema: { ...(input.schema ?? {}), hide: true } as FastifySchema, url: input.url };
      const out = jsonSchemaTransform({ ...input, schema: input.schema ?? {} });
      const schema = (out.schema ?? {}) as FastifySchema & { tags?: string[]; security?: unknown[] };
      const first = input.url.split('/')[1] ?? '';
      return {
        url: out.url,
        schema: {
          ...schema,
          tags: schema.tags ?? [first === 'subscriber' ? 'subscriber' : first === 'public' ? (input.url.split('/')[2] ?? 'public') : first],
          ...(first === 'subscriber' ? { security: [{ session: [] }] } : {}),
        },
      };
    },
    transformObject: jsonSchemaTransformObject,
  });
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** A reference page without scripts (so the strict CSP of pages holds): one section per path. */
export function renderReference(doc: Document): string {
  const rows: string[] = [];
  for (const [path, ops] of Object.entries(doc.paths ?? {}).sort(([a], [b]) => a.localeCompare(b))) {
    for (const method of METHODS) {
      const op = ops[method];
      if (!op) continue;
      const params = (op.parameters ?? []).map((p) => `<code>${escapeHtml(p.name)}</code> (${escapeHtml(p.in)}${p.required ? ', required' : ''})`);
      const responses = Object.entries(op.responses ?? {}).map(([code, r]) => `<code>${escapeHtml(code)}</code>${r.description && r.description !== 'Default Response' ? ` ${escapeHtml(r.description)}` : ''}`);
      rows.push(
        `<section><h2><span class="m m-${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h2>` +
          (op.summary ? `<p>${escapeHtml(op.summary)}</p>` : '') +
          `<dl>${op.security ? '<dt>Auth</dt><dd>Bearer session token</dd>' : ''}` +
          (params.length ? `<dt>Parameters</dt><dd>${params.join(', ')}</dd>` : '') +
          (op.requestBody ? '<dt>Body</dt><dd>JSON (schema in the document)</dd>' : '') +
          (responses.length ? `<dt>Responses</dt><dd>${responses.join(', ')}</dd>` : '') +
          `</dl></section>`,
      );
    }
  }
  const title = escapeHtml(doc.info.title);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title} reference</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:960px;padding:24px;color:#1b1f24}
section{border-top:1px solid #e3e6ea;padding:8px 0}h2{font-size:16px;margin:8px 0}
.m{display:inline-block;min-width:64px;font:700 12px/2 ui-monospace,monospace;text-align:center;border-radius:4px;color:#fff;background:#5b6570}
.m-get{background:#1f6feb}.m-post{background:#1a7f37}.m-patch{background:#9a6700}.m-delete{background:#cf222e}
dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:0}dt{font-weight:600}dd{margin:0}
</style></head><body>
<h1>${title}</h1>
<p>Generated from the server's route schemas. Machine-readable: <a href="/public/openapi.json">/public/openapi.json</a> (OpenAPI 3.1).</p>
${rows.join('\n')}
</body></html>
`;
}

export function openApiRoutes(app: FastifyInstance) {
  app.get('/public/openapi.json', { schema: { summary: 'This document (OpenAPI 3.1)', tags: ['operations'] } }, async (_req, reply) => {
    reply.header('cache-control', 'no-cache');
    return app.swagger();
  });
  app.get('/public/api-docs', { schema: { summary: 'A reference page rendered from the OpenAPI document', tags: ['operations'] } }, async (_req, reply) => {
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    return renderReference(app.swagger() as unknown as Document);
  });
}
