#!/usr/bin/env node
// npm run vapid -- <brand> [--rotate]
// Makes (or shows) a brand's VAPID key pair for web push (RFC 8292), P-256, base64url as browsers and
// @block65/webcrypto-web-push expect them:
// - locally it is kept in .dev.vars as VAPID_PUBLIC_KEY_<BRAND> / VAPID_PRIVATE_KEY_<BRAND> (local mode serves that
//   public key as the brand's push key: worker/push/vapid.ts), so `npm start` can send pushes;
// - for production, put the public key into tenants/<brand>.ts (settings.push_public_key) and the private key into
//   the secret VAPID_PRIVATE_KEY_<BRAND> (`npx wrangler secret put VAPID_PRIVATE_KEY_<BRAND>`).
// Rotating the pair makes every existing subscription of the brand useless: browsers subscribe again on their next
// visit (client/components/chat/push-client.ts), so rotate only when the private key leaked.
import { createECDH } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './lib/setup.mjs';

const brand = process.argv.slice(2).find((a) => !a.startsWith('--'));
const brands = readdirSync(join(root, 'tenants'))
  .filter((f) => f.endsWith('.ts'))
  .map((f) => f.slice(0, -3));
if (!brand || !brands.includes(brand)) {
  console.error(`usage: npm run vapid -- <brand> [--rotate]   (brands: ${brands.join(', ')})`);
  process.exit(1);
}
const suffix = brand.toUpperCase().replace(/-/g, '_');
const names = { pub: `VAPID_PUBLIC_KEY_${suffix}`, priv: `VAPID_PRIVATE_KEY_${suffix}` };
const file = join(root, '.dev.vars');
let vars = existsSync(file) ? readFileSync(file, 'utf8') : '';
const read = (name) => new RegExp(`^${name}=(.+)$`, 'm').exec(vars)?.[1];

let publicKey = read(names.pub);
let privateKey = read(names.priv);
if (!publicKey || !privateKey || process.argv.includes('--rotate')) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  publicKey = ecdh.getPublicKey().toString('base64url');
  privateKey = ecdh.getPrivateKey().toString('base64url');
  for (const [name, value] of [
    [names.pub, publicKey],
    [names.priv, privateKey],
  ]) {
    vars = new RegExp(`^${name}=`, 'm').test(vars)
      ? vars.replace(new RegExp(`^${name}=.*$`, 'm'), `${name}=${value}`)
      : `${vars}${vars && !vars.endsWith('\n') ? '\n' : ''}${name}=${value}\n`;
  }
  writeFileSync(file, vars);
  console.log(`New VAPID keys for ${brand}, kept in .dev.vars for local use (restart npm start to load them).`);
} else {
  console.log(`VAPID keys for ${brand} from .dev.vars:`);
}
console.log(`
public key  (tenants/${brand}.ts settings.push_public_key):
  ${publicKey}
private key (secret; production: npx wrangler secret put ${names.priv}):
  ${privateKey}
`);
