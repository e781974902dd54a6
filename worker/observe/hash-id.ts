/**
 * Who made a request, for the logs, without saying who (issue 48 item 6): a member's or staff member's id as a keyed
 * hash (HMAC-SHA-256 under a key derived from APP_SECRET, first 16 hex digits). The same id gives the same value in
 * every line, so one person's requests can be followed; without the secret it cannot be turned back into the id or
 * matched against a list of ids.
 */
let cached: { secret: string; key: Promise<CryptoKey> } | null = null;

function keyFor(secret: string): Promise<CryptoKey> {
  if (cached?.secret !== secret) {
    const material = new TextEncoder().encode(`log ids\n${secret}`);
    cached = { secret, key: crypto.subtle.importKey('raw', material, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']) };
  }
  return cached.key;
}

export async function hashId(secret: string | undefined, kind: 'member' | 'staff', id: number | string): Promise<string> {
  // Without a secret (a misconfigured deployment fails earlier, worker/env-schema.ts) nothing is written at all.
  if (!secret) return 'unkeyed';
  const mac = await crypto.subtle.sign('HMAC', await keyFor(secret), new TextEncoder().encode(`${kind}:${id}`));
  return [...new Uint8Array(mac).slice(0, 8)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
