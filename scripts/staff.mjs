#!/usr/bin/env node
// Staff accounts of the workspace (issue 14, docs/api/staff.md "Accounts and sign-in"), in the local D1 or, with
// --remote, in production's:
//
//   npm run staff -- add <email> --brand <id|*> --role <operator|moderator|admin|owner> [--name <name>]
//   npm run staff -- reset <email>      a new setup link: password and authenticator are set again, sessions end
//   npm run staff -- list
//   options: --remote (production D1), --host <https://host> (the setup link's origin), --port <n> (local, 8787)
//
// `add` creates the staff member (or adds / changes the role on that brand of an existing one) and prints a one-time
// setup link, valid for 72 hours, for a member who has not finished the setup. The link's token is stored hashed
// only; the TOTP secret is made by the worker when the link is first opened (this script never knows APP_SECRET).
// Brand '*' with role 'owner' is the deployment's owner, on every brand. Every change is written to the audit log.
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const ROLES = ['operator', 'moderator', 'admin', 'owner'];
const SETUP_HOURS = 72;
const USAGE = `Usage:
  npm run staff -- add <email> --brand <id|*> --role <operator|moderator|admin|owner> [--name <name>] [--remote] [--host <url>]
  npm run staff -- reset <email> [--remote] [--host <url>]
  npm run staff -- list [--remote]`;

function fail(message) {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(1);
}

function parseArgs(argv) {
  const [command, ...rest] = argv;
  const options = {
    command,
    email: undefined,
    brand: undefined,
    role: undefined,
    name: undefined,
    remote: false,
    host: undefined,
    port: process.env.PORT ?? '8787',
  };
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    const value = () => rest[++i] ?? fail(`${arg} needs a value`);
    if (arg === '--brand') options.brand = value();
    else if (arg === '--role') options.role = value();
    else if (arg === '--name') options.name = value();
    else if (arg === '--host') options.host = value().replace(/\/+$/, '');
    else if (arg === '--port') options.port = value();
    else if (arg === '--remote') options.remote = true;
    else if (!arg.startsWith('--') && options.email === undefined) options.email = arg.trim().toLowerCase();
    else fail(`Unknown argument ${arg}`);
  }
  if (!['add', 'reset', 'list'].includes(command)) fail(command ? `Unknown command ${command}` : 'No command');
  if (command !== 'list' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(options.email ?? '')) fail("Give the staff member's e-mail address");
  if (command === 'add') {
    if (!ROLES.includes(options.role)) fail(`--role must be one of ${ROLES.join(', ')}`);
    if (!options.brand) fail('--brand is required (a brand id, or * for the owner)');
    if ((options.brand === '*') !== (options.role === 'owner'))
      fail('The owner role goes with --brand * (every brand), and --brand * with the owner role');
  }
  if (options.host && !/^https?:\/\/[^/]+$/.test(options.host)) fail('--host must be an origin such as https://flirtlokaal.nl');
  return options;
}

async function loadTenants() {
  const files = readdirSync(join(ROOT, 'tenants'))
    .filter((f) => f.endsWith('.ts'))
    .sort();
  const tenants = [];
  for (const file of files) tenants.push((await import(pathToFileURL(join(ROOT, 'tenants', file)).href)).default);
  return tenants;
}

const q = (v) => (v === null || v === undefined ? 'NULL' : `'${String(v).replace(/'/g, "''")}'`);

function d1(options, sql) {
  const target = options.remote ? ['--remote'] : ['--local', ...(process.env.PERSIST_TO ? ['--persist-to', process.env.PERSIST_TO] : [])];
  const result = spawnSync('wrangler', ['d1', 'execute', 'DB', ...target, '--json', '--yes', '--command', sql], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, PATH: `${join(ROOT, 'node_modules/.bin')}:${process.env.PATH}`, WRANGLER_SEND_METRICS: 'false', CI: 'true' },
    maxBuffer: 16 * 1024 * 1024,
  });
  if (result.status !== 0) {
    const output = `${result.stdout}${result.stderr}`;
    if (/no such table/i.test(output))
      fail(
        `The database has no staff tables yet. Apply the migrations first:\n  npx wrangler d1 migrations apply DB ${options.remote ? '--remote' : '--local'}`,
      );
    console.error(output.trim());
    process.exit(1);
  }
  // One result per statement; the last is the SELECT each command ends with.
  const results = JSON.parse(result.stdout);
  return results[results.length - 1]?.results ?? [];
}

/** Where the setup page is: the brand's local host, or --host, or the brand's first production host. */
function setupOrigin(options, tenants, brand) {
  if (options.host) return options.host;
  const tenant = brand === '*' || !brand ? tenants[0] : tenants.find((t) => t.id === brand);
  if (options.remote) return `https://${tenant.hosts[0]}`;
  return `http://${tenant.id}.localhost:${options.port}`;
}

/** SQL that gives the member a new setup link (token stored hashed) and the link's token. */
function newLinkSql(email, now) {
  const token = randomBytes(32).toString('base64url');
  const hash = createHash('sha256').update(token).digest('hex');
  const expires = new Date(now.getTime() + SETUP_HOURS * 3_600_000).toISOString();
  return {
    token,
    sql: `UPDATE staff SET setup_token_hash = ${q(hash)}, setup_expires_at = ${q(expires)} WHERE email = ${q(email)} AND password_hash IS NULL;`,
  };
}

const audit = (email, brand, action, detail, now) =>
  `INSERT INTO staff_audit (staff_id, brand, action, target_type, target_id, detail, created_at)
   SELECT NULL, ${q(brand)}, ${q(action)}, 'staff', id, ${q(JSON.stringify({ by: 'cli', ...detail }))}, ${q(now.toISOString())} FROM staff WHERE email = ${q(email)};`;

const options = parseArgs(process.argv.slice(2));
const tenants = await loadTenants();
const now = new Date();

if (options.command === 'list') {
  const rows = d1(
    options,
    `SELECT s.id, s.email, s.name, s.status, s.password_hash IS NOT NULL AS set_up,
    (SELECT group_concat(r.brand || ':' || r.role, ', ') FROM staff_roles r WHERE r.staff_id = s.id) AS roles FROM staff s ORDER BY s.id;`,
  );
  for (const r of rows) console.log(`${r.id}\t${r.email}\t${r.name}\t${r.status}${r.set_up ? '' : ' (setup pending)'}\t${r.roles ?? '-'}`);
  if (rows.length === 0) console.log('No staff accounts yet.');
  process.exit(0);
}

if (options.command === 'add') {
  if (options.brand !== '*' && !tenants.some((t) => t.id === options.brand))
    fail(`Unknown brand ${options.brand} (tenants/: ${tenants.map((t) => t.id).join(', ')})`);
  const name = options.name ?? options.email.split('@')[0];
  const brand = options.brand === '*' ? null : options.brand;
  const link = newLinkSql(options.email, now);
  const rows = d1(
    options,
    [
      `INSERT INTO staff (email, name, status, created_at) VALUES (${q(options.email)}, ${q(name)}, 'active', ${q(now.toISOString())}) ON CONFLICT (email) DO NOTHING;`,
      audit(options.email, brand, 'staff_role_granted', { role: options.role, brand: options.brand }, now),
      `INSERT INTO staff_roles (staff_id, brand, role) SELECT id, ${q(options.brand)}, ${q(options.role)} FROM staff WHERE email = ${q(options.email)}
       ON CONFLICT (staff_id, brand) DO UPDATE SET role = excluded.role;`,
      link.sql,
      `SELECT id, password_hash IS NOT NULL AS set_up, status FROM staff WHERE email = ${q(options.email)};`,
    ].join('\n'),
  );
  const staff = rows[0];
  console.log(`Staff member ${staff.id} <${options.email}>: ${options.role} on ${options.brand === '*' ? 'every brand' : options.brand}.`);
  if (staff.status !== 'active') console.log('Note: this account is disabled.');
  if (staff.set_up) {
    console.log('The account is already set up (password and authenticator): no setup link. `npm run staff -- reset` makes a new one.');
  } else {
    console.log(
      `\nOne-time setup link (valid ${SETUP_HOURS} hours, works once; an earlier link of this address no longer works):\n  ${setupOrigin(options, tenants, options.brand)}/staff/setup?token=${link.token}`,
    );
  }
  process.exit(0);
}

if (options.command === 'reset') {
  const link = newLinkSql(options.email, now);
  const rows = d1(
    options,
    [
      audit(options.email, null, 'staff_setup_reset', {}, now),
      `UPDATE staff_sessions SET revoked_at = ${q(now.toISOString())} WHERE revoked_at IS NULL AND staff_id = (SELECT id FROM staff WHERE email = ${q(options.email)});`,
      `UPDATE staff SET password_hash = NULL, totp_secret = NULL, totp_last_step = NULL WHERE email = ${q(options.email)};`,
      link.sql,
      `SELECT s.id, (SELECT brand FROM staff_roles r WHERE r.staff_id = s.id ORDER BY brand = '*' DESC, brand LIMIT 1) AS brand FROM staff s WHERE email = ${q(options.email)};`,
    ].join('\n'),
  );
  if (!rows[0]) fail(`No staff member with the address ${options.email}`);
  console.log(`Staff member ${rows[0].id} <${options.email}>: password and authenticator cleared, sessions ended.`);
  console.log(
    `\nOne-time setup link (valid ${SETUP_HOURS} hours, works once):\n  ${setupOrigin(options, tenants, rows[0].brand)}/staff/setup?token=${link.token}`,
  );
}
