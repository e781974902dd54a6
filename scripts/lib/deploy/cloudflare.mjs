// The real side of `npm run deploy`: wrangler commands against the account (CLOUDFLARE_API_TOKEN and
// CLOUDFLARE_ACCOUNT_ID in the environment, or `wrangler login`). Every command is printed before it runs; secret
// values are never read (`wrangler secret list` gives names), printed or passed.
import { spawnSync } from 'node:child_process';
import { resolve4, resolve6 } from 'node:dns/promises';
import { connect } from 'node:tls';
import { projectEnv, root } from '../setup.mjs';
import { parseR2List } from './plan.mjs';

/** Runs wrangler; returns its status and output. `quiet` keeps a listing's output off the terminal. */
export function wrangler(args, { quiet = false } = {}) {
  console.log(`$ wrangler ${args.join(' ')}`);
  const result = spawnSync('wrangler', args, { cwd: root, env: projectEnv, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (!quiet) process.stdout.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
  return { status: result.status ?? 1, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
}

function must(args, what) {
  const result = wrangler(args, { quiet: true });
  if (result.status !== 0) {
    process.stdout.write(`${result.stdout}${result.stderr}`);
    throw new Error(`${what} failed (wrangler ${args.join(' ')}, exit ${result.status})`);
  }
  return result.stdout;
}

/** wrangler prints a banner before JSON on some versions: the JSON is from the first [ or { on. */
function json(text) {
  const start = text.search(/^[[{]/m);
  return JSON.parse(start >= 0 ? text.slice(start) : text);
}

/** What the account has of the kinds the plan needs. */
export function listExisting(plan, config) {
  const d1 = json(must(['d1', 'list', '--json'], 'Listing D1 databases')).map((d) => ({ name: d.name, uuid: d.uuid }));
  const r2 = plan.r2.length ? parseR2List(must(['r2', 'bucket', 'list'], 'Listing R2 buckets')) : [];
  const kv = plan.kv.length ? json(must(['kv', 'namespace', 'list'], 'Listing KV namespaces')) : [];
  // `queues list` prints a paged table; `queues info` answers for one queue and fails when there is none.
  const queues = plan.queues.filter((q) => wrangler(['queues', 'info', q, '-c', config], { quiet: true }).status === 0);
  return { d1, r2, kv, queues };
}

/** Creates what is missing; returns the ids Cloudflare gave (databases by name, KV namespaces by binding). */
export function createMissing(missing, config) {
  for (const name of missing.d1) must(['d1', 'create', name], `Creating D1 database ${name}`);
  for (const name of missing.r2) must(['r2', 'bucket', 'create', name], `Creating R2 bucket ${name}`);
  for (const name of missing.queues) must(['queues', 'create', name, '-c', config], `Creating queue ${name}`);
  const kvByBinding = {};
  for (const binding of missing.kv) {
    const out = must(['kv', 'namespace', 'create', binding, '-c', config], `Creating KV namespace ${binding}`);
    const id = /id\W+([0-9a-f]{32})/.exec(out)?.[1];
    if (!id) throw new Error(`Creating KV namespace ${binding}: no id in wrangler's answer`);
    kvByBinding[binding] = id;
  }
  const d1ByName = Object.fromEntries(json(must(['d1', 'list', '--json'], 'Listing D1 databases')).map((d) => [d.name, d.uuid]));
  return { d1ByName, kvByBinding };
}

/** Names of the secrets the deployed Worker has; none when the Worker does not exist yet. */
export function secretNames(config) {
  const result = wrangler(['secret', 'list', '--format', 'json', '-c', config], { quiet: true });
  if (result.status !== 0) return [];
  return json(result.stdout).map((s) => s.name);
}

/**
 * A host's DNS and certificate as the world sees them now (its A/AAAA records; the certificate a TLS handshake on
 * :443 gets, checked against the system's CAs), and, with an API token, whether Cloudflare has it as a Custom Domain
 * of this Worker. Nothing is guessed: what cannot be known is said to be unknown.
 */
export async function hostStatus(host, worker) {
  const addresses = [...(await resolve4(host).catch(() => [])), ...(await resolve6(host).catch(() => []))];
  const dns = addresses.length
    ? `resolves (${addresses.slice(0, 2).join(', ')}${addresses.length > 2 ? ', ...' : ''})`
    : 'does not resolve';
  const certificate = addresses.length ? await tlsStatus(host) : 'none (no DNS record)';
  return { host, dns, certificate, cloudflare: await customDomain(host, worker) };
}

function tlsStatus(host) {
  return new Promise((done) => {
    const socket = connect({ host, port: 443, servername: host, timeout: 8000 }, () => {
      const cert = socket.getPeerCertificate();
      done(
        socket.authorized
          ? `valid until ${cert.valid_to} (${cert.issuer?.O ?? 'issuer unknown'})`
          : `not trusted: ${socket.authorizationError}`,
      );
      socket.end();
    });
    socket.on('timeout', () => {
      done('no answer on :443 within 8 s');
      socket.destroy();
    });
    socket.on('error', (error) => done(`TLS failed: ${error.code ?? error.message}`));
  });
}

async function customDomain(host, worker) {
  const token = process.env.CLOUDFLARE_API_TOKEN;
  const account = process.env.CLOUDFLARE_ACCOUNT_ID;
  if (!token || !account) return 'unknown (no API token: CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID)';
  const url = `https://api.cloudflare.com/client/v4/accounts/${account}/workers/domains?hostname=${encodeURIComponent(host)}`;
  try {
    const answer = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
    const body = await answer.json();
    if (!body.success) return `unknown (API: ${body.errors?.map((e) => e.message).join('; ') || answer.status})`;
    const domain = body.result.find((d) => d.hostname === host);
    if (!domain) return 'not a Custom Domain of any Worker';
    return domain.service === worker
      ? `Custom Domain of ${worker} (zone ${domain.zone_name})`
      : `Custom Domain of another Worker: ${domain.service}`;
  } catch (error) {
    return `unknown (API unreachable: ${error.message})`;
  }
}
