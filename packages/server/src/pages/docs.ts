import type { Hono } from 'hono';
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { AppEnv } from '../http/routing.js';

// The API reference at /docs: rendered on the server from the OpenAPI document the contract
// generates (the same as docs/openapi.json), with inline styles only, so it works offline.

// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is plain JSON, walked by shape.
type Json = Record<string, any>;
type Piece = HtmlEscapedString | Promise<HtmlEscapedString> | string;

const STYLE = `
  body { font: 15px/1.5 system-ui, sans-serif; margin: 0; color: #1c2430; background: #fff; }
  nav { position: fixed; top: 0; bottom: 0; width: 270px; overflow-y: auto; background: #f5f6f8; padding: 1rem; box-sizing: border-box; border-right: 1px solid #e3e7ee; font-size: .85rem; }
  nav h3 { margin: 1rem 0 .3rem; font-size: .8rem; text-transform: uppercase; color: #5b6575; }
  nav a { display: block; color: #1c2430; text-decoration: none; padding: .1rem 0; }
  main { margin-left: 270px; padding: 1.5rem 2.5rem; max-width: 980px; }
  h1 { margin-top: 0; }
  h2.tag { border-bottom: 2px solid #e3e7ee; padding-bottom: .3rem; margin-top: 2.5rem; }
  section.op { border: 1px solid #e3e7ee; border-radius: 8px; padding: 1rem 1.2rem; margin: 1.2rem 0; }
  section.op h3 { margin: 0 0 .4rem; font-size: 1.05rem; }
  .method { display: inline-block; min-width: 4.2rem; text-align: center; font: 600 .78rem ui-monospace, monospace; color: #fff; border-radius: 4px; padding: .15rem .4rem; margin-right: .5rem; }
  .get { background: #1a7f37; } .post { background: #2457d6; } .put, .patch { background: #9a6700; } .delete { background: #b42318; }
  code, .path { font: .86rem ui-monospace, monospace; }
  code { background: #f1f3f7; padding: .05rem .3rem; border-radius: 4px; }
  table { border-collapse: collapse; width: 100%; margin: .5rem 0; font-size: .88rem; }
  th, td { text-align: left; border-bottom: 1px solid #eef0f4; padding: .3rem .4rem; vertical-align: top; }
  .muted { color: #5b6575; } .tag-ext { background: #fff4d6; color: #7a5600; font-size: .75rem; padding: .05rem .35rem; border-radius: 4px; }
  h4 { margin: .9rem 0 .2rem; font-size: .9rem; }
`;

const refName = (ref: string) => ref.split('/').pop() ?? ref;

/** A short type label of a schema: `string (uuid)`, `Campaign`, `array of Lead`, ... */
function typeOf(schema: Json | undefined): string {
  if (!schema) return '';
  if (schema.$ref) return refName(schema.$ref);
  if (schema.anyOf || schema.oneOf) return (schema.anyOf ?? schema.oneOf).map((s: Json) => typeOf(s)).join(' | ');
  if (schema.allOf) return schema.allOf.map((s: Json) => typeOf(s)).join(' & ');
  if (schema.enum) return schema.enum.map((v: unknown) => JSON.stringify(v)).join(' | ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const t = Array.isArray(schema.type) ? schema.type.join(' | ') : schema.type;
  if (t === 'array') return `array of ${typeOf(schema.items)}`;
  return schema.format ? `${t} (${schema.format})` : (t ?? 'any');
}

const schemaLink = (schema: Json | undefined): Piece =>
  schema?.$ref
    ? html`<a href="#schema-${refName(schema.$ref)}"><code>${refName(schema.$ref)}</code></a>`
    : html`<code>${typeOf(schema)}</code>`;

function properties(schema: Json): Piece {
  const props = Object.entries((schema.properties ?? {}) as Record<string, Json>);
  if (props.length === 0) return html`<p class="muted"><code>${typeOf(schema)}</code></p>`;
  const required = new Set<string>(schema.required ?? []);
  return html`<table>
    <thead><tr><th>Field</th><th>Type</th><th>Required</th><th>Description</th></tr></thead>
    <tbody>
      ${props.map(
        ([name, p]) =>
          html`<tr><td><code>${name}</code></td><td>${schemaLink(p)}</td><td>${required.has(name) ? 'yes' : ''}</td><td>${p.description ?? ''}</td></tr>`,
      )}
    </tbody>
  </table>`;
}

function operation(method: string, path: string, op: Json): Piece {
  const params = (op.parameters ?? []) as Json[];
  const body = op.requestBody?.content as Record<string, Json> | undefined;
  const responses = Object.entries((op.responses ?? {}) as Record<string, Json>);
  const auth = (op.security ?? []).flatMap((s: Json) => Object.keys(s)).join(' or ');
  return html`<section class="op" id="${op.operationId}" data-operation-id="${op.operationId}">
    <h3><span class="method ${method}">${method.toUpperCase()}</span><span class="path">${path}</span></h3>
    <p><strong>${op.summary ?? ''}</strong> ${op['x-extension'] ? html`<span class="tag-ext">extension</span>` : ''}</p>
    ${op.description ? html`<p>${op.description}</p>` : ''}
    <p class="muted">Operation <code>${op.operationId}</code> · authentication: ${auth || 'none'}${op['x-retry-safe'] ? ' · safe to retry' : ''}</p>
    ${
      params.length
        ? html`<h4>Parameters</h4><table><thead><tr><th>Name</th><th>In</th><th>Type</th><th>Required</th><th>Description</th></tr></thead><tbody>
            ${params.map(
              (p) =>
                html`<tr><td><code>${p.name}</code></td><td>${p.in}</td><td>${schemaLink(p.schema)}</td><td>${p.required ? 'yes' : ''}</td><td>${p.description ?? p.schema?.description ?? ''}</td></tr>`,
            )}</tbody></table>`
        : ''
    }
    ${
      body
        ? html`<h4>Request body</h4>${Object.entries(body).map(
            ([type, c]) => html`<p class="muted"><code>${type}</code>: ${schemaLink(c.schema)}</p>`,
          )}`
        : ''
    }
    <h4>Responses</h4>
    <table><thead><tr><th>Status</th><th>Description</th><th>Body</th></tr></thead><tbody>
      ${responses.map(([status, r]) => {
        const content = r.content as Record<string, Json> | undefined;
        const schema = content ? Object.values(content)[0]?.schema : undefined;
        return html`<tr><td><code>${status}</code></td><td>${r.description ?? ''}</td><td>${schema ? schemaLink(schema) : ''}</td></tr>`;
      })}
    </tbody></table>
  </section>`;
}

/** The whole reference page. */
export function renderReference(doc: Json): Piece {
  const byTag = new Map<string, Array<[string, string, Json]>>();
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
    for (const [method, op] of Object.entries(item)) {
      const tag = (op.tags?.[0] as string | undefined) ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), [method, path, op]]);
    }
  }
  const tags = [
    ...((doc.tags ?? []) as Json[]).map((t) => t.name as string).filter((t) => byTag.has(t)),
    ...[...byTag.keys()].filter((t) => !(doc.tags ?? []).some((x: Json) => x.name === t)),
  ];
  const schemas = Object.entries((doc.components?.schemas ?? {}) as Record<string, Json>);
  const webhooks = Object.entries((doc.webhooks ?? {}) as Record<string, Record<string, Json>>);
  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${doc.info.title} ${doc.info.version} · API reference</title>
    <style>${raw(STYLE)}</style>
  </head>
  <body>
    <nav>
      <strong>${doc.info.title}</strong>
      <div class="muted">version ${doc.info.version} · <a href="/openapi.json" style="display:inline">openapi.json</a></div>
      ${tags.map(
        (t) =>
          html`<h3>${t}</h3>${(byTag.get(t) ?? []).map(([m, p, op]) => html`<a href="#${op.operationId}">${m.toUpperCase()} ${p}</a>`)}`,
      )}
      ${webhooks.length ? html`<h3>Webhooks</h3>${webhooks.map(([name]) => html`<a href="#webhook-${name}">${name}</a>`)}` : ''}
      <h3>Schemas</h3>
      ${schemas.map(([name]) => html`<a href="#schema-${name}">${name}</a>`)}
    </nav>
    <main>
      <h1>${doc.info.title}</h1>
      <p>${doc.info.description ?? ''}</p>
      <p class="muted">Machine-readable: <a href="/openapi.json">/openapi.json</a> (OpenAPI ${doc.openapi}).</p>
      ${tags.map(
        (t) =>
          html`<h2 class="tag" id="tag-${t}">${t}</h2>${(byTag.get(t) ?? []).map(([m, p, op]) => operation(m, p, op))}`,
      )}
      ${
        webhooks.length
          ? html`<h2 class="tag">Webhooks</h2>
            <p>Deliveries are signed (Standard Webhooks: <code>webhook-id</code>, <code>webhook-timestamp</code>, <code>webhook-signature</code>); verify before processing.</p>
            ${webhooks.map(([name, item]) => {
              const op = Object.values(item)[0] ?? {};
              const schema = Object.values((op.requestBody?.content ?? {}) as Record<string, Json>)[0]?.schema;
              return html`<section class="op" id="webhook-${name}"><h3><code>${name}</code></h3><p>${op.summary ?? op.description ?? ''}</p><p>Body: ${schemaLink(schema)}</p></section>`;
            })}`
          : ''
      }
      <h2 class="tag">Schemas</h2>
      ${schemas.map(
        ([name, s]) =>
          html`<section class="op" id="schema-${name}"><h3><code>${name}</code></h3>${s.description ? html`<p>${s.description}</p>` : ''}${properties(s)}</section>`,
      )}
    </main>
  </body>
</html>`;
}

/**
 * `/docs` (the reference page) and `/openapi.json`, from `load` (called once, on first use; the
 * page is rendered once too).
 * Node servers pass the contract's generator; the browser-safe app itself never imports it.
 */
export function mountDocs(app: Hono<AppEnv>, load: () => Promise<object>): void {
  let doc: Promise<Json> | undefined;
  let page: Promise<string> | undefined;
  const get = () => {
    doc ??= load() as Promise<Json>;
    return doc;
  };
  // The document never changes while the process runs: the page is rendered once.
  const rendered = () => {
    page ??= get().then(async (d) => String(await renderReference(d)));
    return page;
  };
  app.get('/openapi.json', async (c) => c.json(await get(), 200, { 'cache-control': 'public, max-age=300' }));
  app.get('/docs', async (c) => c.html(await rendered()));
}
