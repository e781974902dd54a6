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

const e = (s: unknown) => String(s).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const pre = (value: unknown) => `<pre>${e(JSON.stringify(value, null, 2))}</pre>`;

function schemasOf(content: Json | undefined): string {
  if (!content) return '';
  return Object.entries(content)
    .map(([media, body]) => `<p><code>${e(media)}</code></p>${pre((body as Json).schema)}`)
    .join('');
}

function operationHtml(method: string, path: string, op: Json): string {
  const params = (op.parameters as Json[] | undefined) ?? [];
  const rows = params
    .map(
      (p) =>
        `<tr><td><code>${e(p.name)}</code></td><td>${e(p.in)}</td><td>${p.required ? 'yes' : ''}</td><td><code>${e(JSON.stringify(p.schema))}</code></td></tr>`,
    )
    .join('');
  const body = op.requestBody as Json | undefined;
  const responses = Object.entries(op.responses as Record<string, Json>)
    .map(
      ([status, r]) =>
        `<details><summary><b>${e(status)}</b> ${e(r.description)}</summary>${schemasOf(r.content as Json | undefined)}</details>`,
    )
    .join('');
  return (
    `<section id="${e(op.operationId)}"><p><span class="m ${e(method)}">${e(method)}</span> <code><b>${e(path)}</b></code> — ${e(op.summary)}</p>` +
    (op.description ? `<p>${e(op.description)}</p>` : '') +
    ((op.security as Json[] | undefined)?.length
      ? `<p>Session: ${(op.security as Json[]).some((s) => !Object.keys(s).length) ? 'optional' : 'required (member cookie)'}</p>`
      : '') +
    (rows ? `<table><tr><th>parameter</th><th>in</th><th>required</th><th>schema</th></tr>${rows}</table>` : '') +
    (body ? `<details><summary>Request body</summary>${schemasOf(body.content as Json)}</details>` : '') +
    example(op['x-contract'] as Json | undefined) +
    `<div>${responses}</div></section>`
  );
}

/** The contract suite's valid request ("$name": an id an earlier call answered), as an example. */
function example(hints: Json | undefined): string {
  if (!hints || (hints.query === undefined && hints.body === undefined)) return '';
  const shown = { ...(hints.query ? { query: hints.query } : {}), ...(hints.body !== undefined ? { body: hints.body } : {}) };
  return `<details><summary>Example (contract suite${hints.as ? `, as ${e(hints.as)}` : ''})</summary>${pre(shown)}</details>`;
}

/** The document as a page: per tag, every operation with its parameters, body and answers. */
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
  const index = (doc.tags as Json[]).map(
    (tag) =>
      `<p><b>${e(tag.name)}</b>: ${ofTag(tag.name)
        .map(({ method, path, op }) => `<a href="#${e(op.operationId)}">${e(method.toUpperCase())} ${e(path.slice(5))}</a>`)
        .join(', ')}</p>`,
  );
  const tags = (doc.tags as Json[]).map(
    (tag) =>
      `<h2>${e(tag.name)}</h2><p>${e(tag.description)}</p>${ofTag(tag.name)
        .map(({ method, path, op }) => operationHtml(method, path, op))
        .join('')}`,
  );
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${e(info.title)}</title><style>${STYLE}</style></head><body><h1>${e(info.title)}</h1><p>Version ${e(info.version)}. ${e(info.description)}</p>` +
    `<p>The document: <a href="/api/openapi.json">/api/openapi.json</a>.</p>${index.join('')}${tags.join('')}</body></html>`
  );
}
