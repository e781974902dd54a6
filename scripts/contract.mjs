#!/usr/bin/env node
// The contract suite: every call of the /api/*.php OpenAPI document against a running backend, with valid input
// (the operation's x-contract) and invalid input (no session, missing or wrong-typed fields), each answer checked
// against the document: a documented status, and a body valid for that status's schema (JSON Schema 2020-12, ajv).
//
//   npm run contract -- --upstream http://127.0.0.1:8787 --host flirtlokaal.localhost
//     [--document file.json|URL]   default: generated from core/contract (the Worker serves the same at /api/openapi.json)
//     [--json out.json]            the results, for scripts/test.mjs
//     [--read-only]                valid requests of GET calls only; the invalid ones of every call (refused: nothing changes)
//   Members: the seed's contract pair free.contract@demo.test / premium.contract@demo.test (password Demo-pass-2026),
//   which nothing else uses, so the suite can run beside the browser tests that check the demo members; another
//   backend sets CONTRACT_FREE=email:password and CONTRACT_PREMIUM=email:password (a premium member has credits and photos).
//
// It changes state like a member would: signs up one new member (and deletes it), likes, sends one chat message
// (costs credits), uploads and deletes a photo, starts an order and a direct-debit request. Run it against a
// test or staging backend, never production.
import { readFileSync, writeFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import jpeg from 'jpeg-js';
import { encode, send, Session } from './lib/contract-http.mjs';
import { CONTRACT_MEMBERS, DEMO_PASSWORD } from './lib/demo-members.mjs';

const args = process.argv.slice(2);
const arg = (name, fallback) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback);
const upstream = arg('upstream');
const host = arg('host', upstream && new URL(upstream).host);
if (!upstream) {
  console.error('usage: npm run contract -- --upstream <url> [--host <brand host>] [--document <file|url>] [--json <out>]');
  process.exit(2);
}
const credentials = (name, fallback) => {
  const [email, ...rest] = (process.env[name] ?? fallback).split(':');
  return { email, password: rest.join(':') };
};
const MEMBERS = {
  free: credentials('CONTRACT_FREE', `${CONTRACT_MEMBERS.free}:${DEMO_PASSWORD}`),
  premium: credentials('CONTRACT_PREMIUM', `${CONTRACT_MEMBERS.premium}:${DEMO_PASSWORD}`),
};
const READ_ONLY = args.includes('--read-only');
const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const JSON_MEDIA = 'application/json';

async function loadDocument() {
  const source = arg('document');
  if (!source) return (await import('./openapi.mjs')).openApiDocument();
  if (/^https?:/.test(source)) return (await fetch(source)).json();
  return JSON.parse(readFileSync(source, 'utf8'));
}

const document = await loadDocument();
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
addFormats(ajv);
ajv.addFormat('binary', true);
const validators = new WeakMap();
const validatorOf = (schema) => {
  if (!validators.has(schema)) validators.set(schema, ajv.compile({ ...schema, components: document.components }));
  return validators.get(schema);
};
// Schemas refer to #/components/schemas/X: each one is compiled with the components beside it.

/**
 * Every operation, in stage order (then the document's order). The staff workspace's API (tag `staff`) is in the
 * document too, but it is no part of what an upstream implements: the suite does not call it.
 */
const operations = Object.entries(document.paths)
  .flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op, hints: op['x-contract'] ?? {} })))
  .filter((o) => !(o.op.tags ?? []).includes('staff'))
  .map((o, i) => ({ ...o, order: (o.hints.stage ?? 1) * 1000 + i }))
  .sort((a, b) => a.order - b.order);

const sessions = { none: null, free: new Session('free'), premium: new Session('premium'), fresh: new Session('fresh') };
const captured = {};
const results = [];
const skipped = [];

function fill(value) {
  if (typeof value === 'string') {
    if (/^\$[a-z_0-9]+$/.test(value)) {
      const name = value.slice(1);
      if (!(name in captured)) throw new Error(`needs ${value}, which an earlier call did not give`);
      return captured[name];
    }
    return value.replaceAll('$run', RUN);
  }
  if (Array.isArray(value)) return value.map(fill);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v)]));
  return value;
}

const pick = (value, path) => path.split('.').reduce((v, key) => (v == null ? undefined : v[key]), value);
const needsMember = (op) => (op.security ?? []).length > 0 && !(op.security ?? []).some((s) => Object.keys(s).length === 0);
const bodyMedia = (op) => Object.keys(op.requestBody?.content ?? {})[0];

/** Checks an answer against the document; returns the problems (none: it keeps the contract). */
function check(op, res, expect) {
  const problems = [];
  const documented = op.responses[String(res.status)];
  if (!documented) return [`status ${res.status} is not in the document (${Object.keys(op.responses).join(', ')})`];
  if (expect && !expect(res.status)) problems.push(`status ${res.status} is not what this request must get`);
  const type = String(res.headers['content-type'] ?? '')
    .split(';')[0]
    .trim();
  const content = documented.content ?? {};
  if (!Object.keys(content).length) {
    if (res.status >= 300 && res.status < 400 && !res.headers.location) problems.push('a redirect without Location');
    if (res.status === 204 && res.raw.length) problems.push('204 with a body');
    return problems;
  }
  if (!content[type])
    return [...problems, `content type "${type}" is not documented for ${res.status} (${Object.keys(content).join(', ')})`];
  if (type === JSON_MEDIA) {
    if (res.json === undefined) return [...problems, 'the body is not JSON'];
    const validate = validatorOf(content[type].schema);
    if (!validate(res.json))
      problems.push(
        ...validate.errors
          .slice(0, 5)
          .map(
            (e) =>
              `body${e.instancePath} ${e.message}${e.params?.allowedValues ? ` ${JSON.stringify(e.params.allowedValues)}` : ''}${e.params?.additionalProperty ? ` (${e.params.additionalProperty})` : ''}`,
          ),
      );
  }
  return problems;
}

function record(name, problems, res) {
  results.push({ name, ok: problems.length === 0, problems, status: res?.status });
  const body = res?.json ? JSON.stringify(res.json).slice(0, 300) : '';
  console.log(
    `${problems.length ? '✗' : '✓'} ${name}${problems.length ? `\n    ${problems.join('\n    ')}${body ? `\n    answer: ${body}` : ''}` : ''}`,
  );
}

function testJpeg() {
  const width = 320,
    height = 320;
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) data.set([(i % width) % 256, Math.floor(i / width) % 256, 128, 255], i * 4);
  return jpeg.encode({ data, width, height }, 85).data;
}

async function call(o, { session, query = {}, body, headers = {}, upload }) {
  const qs = new URLSearchParams(query).toString();
  const path = `${o.path}${qs ? `?${qs}` : ''}`;
  const media = bodyMedia(o.op);
  const encoded = upload ? encode(media, null, { field: upload, bytes: testJpeg() }) : body !== undefined ? encode(media, body) : null;
  return send(upstream, host, {
    method: o.method,
    path,
    session,
    headers: { 'X-Request-Type': 'client', ...(encoded ? { 'Content-Type': encoded.type } : {}), ...headers },
    body: encoded?.body,
  });
}

/** A value of the wrong JSON type for a property's schema. */
function wrongValue(schema = {}) {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'string' || schema.enum || schema.const !== undefined) return 12345;
  if (type === 'object' || type === 'array') return 'not-an-object';
  return 'not-a-number';
}

/** Invalid requests: each must be refused with a documented 4xx in the error shape, and change nothing. */
async function invalidCases(o, session, valid) {
  const name = `${o.method.toUpperCase()} ${o.path}`;
  const refused = (s) => s >= 400 && s < 500;
  const cases = [];
  if (needsMember(o.op)) cases.push(['without a session', { ...valid, session: null }]);
  const media = bodyMedia(o.op);
  const has400 = Boolean(o.op.responses['400']);
  if (media === JSON_MEDIA && has400) {
    const schema = o.op.requestBody.content[media].schema;
    const required = schema.required ?? [];
    if (required.length || schema.anyOf || schema.oneOf) cases.push(['with an empty body', { ...valid, body: {} }]);
    const field = required[0];
    if (field && valid.body && typeof valid.body === 'object') {
      cases.push([
        `with ${field} of the wrong type`,
        { ...valid, body: { ...valid.body, [field]: wrongValue(schema.properties?.[field]) } },
      ]);
    } else if (!field) {
      cases.push(['with a body of the wrong type', { ...valid, body: 12345 }]);
    }
  }
  const requiredQuery = (o.op.parameters ?? []).filter((p) => p.in === 'query' && p.required);
  if (requiredQuery.length && has400) {
    const query = { ...valid.query };
    for (const p of requiredQuery) delete query[p.name];
    cases.push([`without ${requiredQuery.map((p) => p.name).join(', ')}`, { ...valid, query }]);
  }
  for (const [label, input] of cases) {
    const res = await call(o, { ...input, session: input.session === null ? null : session });
    const problems = check(o.op, res, refused);
    const json = String(res.headers['content-type'] ?? '').includes('json');
    if (res.status >= 400 && json && res.json?.error === undefined) problems.push('not the error shape { error: { code, message } }');
    record(`${name} ${label} -> refused`, problems, res);
  }
}

async function login(which) {
  const { email, password } = MEMBERS[which];
  const res = await send(upstream, host, {
    method: 'POST',
    path: '/api/user.php',
    session: sessions[which],
    headers: { 'Content-Type': JSON_MEDIA, 'X-Request-Type': 'client' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`log in as ${email} on ${host}: ${res.status} ${res.raw.toString('utf8').slice(0, 200)}`);
}

await login('free');
await login('premium');

for (const o of operations) {
  const { hints } = o;
  const name = `${o.method.toUpperCase()} ${o.path}`;
  const session = sessions[hints.as ?? (needsMember(o.op) ? 'premium' : 'none')];
  // What an earlier call did not give is counted there (failed, or refused as allowed: a limit, a missing method).
  const skip = (why) => {
    skipped.push(`${name}: ${why}`);
    console.log(`- ${name} skipped: ${why}`);
  };
  if (hints.requires && !(captured[hints.requires.capture] ?? []).includes(hints.requires.includes)) {
    skip(`${hints.requires.capture} has no ${hints.requires.includes} here`);
    continue;
  }
  if (hints.as === 'fresh' && !sessions.fresh.cookies.size) {
    skip('no member was signed up in this run (POST /api/signup.php)');
    continue;
  }
  let valid;
  try {
    valid = {
      query: fill(hints.query ?? {}),
      body: hints.body === undefined ? undefined : fill(hints.body),
      headers: fill(hints.headers ?? {}),
      upload: hints.upload,
    };
  } catch (error) {
    skip(error.message);
    continue;
  }
  await invalidCases(o, session, valid);
  if (READ_ONLY && o.method !== 'get') {
    skip('a read-only run');
    continue;
  }
  const expectStatus = hints.expect ? (s) => hints.expect.includes(s) : (s) => s >= 200 && s < 400;
  const res = await call(o, { ...valid, session: hints.keepSession ? sessions[hints.keepSession] : session });
  record(`${name} (valid${hints.note ? `: ${hints.note}` : ''}) -> ${res.status}`, check(o.op, res, expectStatus), res);
  for (const [key, path] of Object.entries(hints.capture ?? {})) {
    const value = pick(res.json, path);
    if (value !== undefined) captured[key] = value;
  }
}

const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed;
if (arg('json')) writeFileSync(arg('json'), `${JSON.stringify({ upstream, host, passed, failed, skipped, results }, null, 2)}\n`);
console.log(
  `\ncontract (${operations.length} calls, ${host}): ${passed} passed, ${failed} failed${skipped.length ? `, ${skipped.length} skipped` : ''}`,
);
process.exit(failed ? 1 : 0);
