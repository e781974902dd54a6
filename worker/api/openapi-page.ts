import { html, raw } from 'hono/html';
import type { buildOpenApiDocument } from '../../core/contract/openapi';

type Document = ReturnType<typeof buildOpenApiDocument>;
type Json = Record<string, unknown>;

// A light reference page rendered from the document on the server: no script (the CSP allows none without a
// nonce, and a bundled Scalar would add megabytes to the Worker for a local-mode page).

const STYLE =
  'body{font:15px/1.5 system-ui,sans-serif;max-width:1000px;margin:24px auto;padding:0 16px;color:#222}' +
  'h2{margin-top:2em;border-bottom:1px solid #ddd}section{border:1px solid #e3e3e8;border-radius:6px;margin:12px 0;padding:8px 12px}' +
  '.m{display:inline-block;min-width:4.5em;font:bold 13px monospace;text-transform:uppercase}.get{color:#0a7}.post{color:#06c}' +
  '.put{color:#b70}.delete{color:#c22}code,pre{font:13px/1.4 ui-monospace,monospace}pre{background:#f6f6f9;padding:8px;overflow:auto;max-height:420px}' +
  'table{border-collapse:collapse}td,th{border:1px solid #e3e3e8;padding:2px 8px;text-align:left;vertical-align:top}summary{cursor:pointer}';

const pre = (value: unknown) => html`<pre>${JSON.stringify(value, null, 2)}</pre>`;

function schemasOf(content: Json | undefined) {
  if (!content) return '';
  return Object.entries(content).map(([media, body]) => html`<p><code>${media}</code></p>${pre((body as Json).schema)}`);
}

function operationHtml(method: string, path: string, op: Json) {
  const params = (op.parameters as Json[] | undefined) ?? [];
  const rows = params.map(
    (p) =>
      html`<tr><td><code>${p.name}</code></td><td>${p.in}</td><td>${p.required ? 'yes' : ''}</td><td><code>${JSON.stringify(p.schema)}</code></td></tr>`,
  );
  const body = op.requestBody as Json | undefined;
  const responses = Object.entries(op.responses as Record<string, Json>).map(
    ([status, r]) =>
      html`<details><summary><b>${status}</b> ${r.description}</summary>${schemasOf(r.content as Json | undefined)}</details>`,
  );
  const security = op.security as Json[] | undefined;
  return html`<section id="${op.operationId}"><p><span class="m ${method}">${method}</span> <code><b>${path}</b></code> — ${op.summary}</p>${
    op.description ? html`<p>${op.description}</p>` : ''
  }${security?.length ? html`<p>Session: ${security.some((s) => !Object.keys(s).length) ? 'optional' : 'required (member cookie)'}</p>` : ''}${
    rows.length ? html`<table><tr><th>parameter</th><th>in</th><th>required</th><th>schema</th></tr>${rows}</table>` : ''
  }${body ? html`<details><summary>Request body</summary>${schemasOf(body.content as Json)}</details>` : ''}${example(
    op['x-contract'] as Json | undefined,
  )}<div>${responses}</div></section>`;
}

/** The contract suite's valid request ("$name": an id an earlier call answered), as an example. */
function example(hints: Json | undefined) {
  if (!hints || (hints.query === undefined && hints.body === undefined)) return '';
  const shown = { ...(hints.query ? { query: hints.query } : {}), ...(hints.body !== undefined ? { body: hints.body } : {}) };
  return html`<details><summary>Example (contract suite${hints.as ? html`, as ${hints.as}` : ''})</summary>${pre(shown)}</details>`;
}

/** The document as a page: per tag, every operation with its parameters, body and answers. Every value escaped by hono/html. */
export function referencePage(document: Document): string {
  const doc = document as unknown as Json;
  const paths = doc.paths as Record<string, Record<string, Json>>;
  const info = doc.info as Json;
  const ofTag = (name: unknown) =>
    Object.entries(paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, op]) => (op.tags as string[]).includes(String(name)))
        .map(([method, op]) => ({ method, path, op })),
    );
  const tags = doc.tags as Json[];
  const index = tags.map(
    (tag) =>
      html`<p><b>${tag.name}</b>: ${ofTag(tag.name).map(
        ({ method, path, op }, i) => html`${i ? ', ' : ''}<a href="#${op.operationId}">${method.toUpperCase()} ${path.slice(5)}</a>`,
      )}</p>`,
  );
  const sections = tags.map(
    (tag) =>
      html`<h2>${tag.name}</h2><p>${tag.description}</p>${ofTag(tag.name).map(({ method, path, op }) => operationHtml(method, path, op))}`,
  );
  return html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${info.title}</title><style>${raw(STYLE)}</style></head><body><h1>${info.title}</h1><p>Version ${info.version}. ${info.description}</p>
<p>The document: <a href="/api/openapi.json">/api/openapi.json</a>.</p>${index}${sections}</body></html>`.toString();
}
