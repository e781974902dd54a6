import { base64url, fromBase64url } from '../../core/encoding';
import { isLocal } from '../context';
import { appSecretKey } from '../auth/tokens';

/**
 * Local mode only: the Worker as its own upstream (the demo brand proxydemo and its origin brand proxydemo-origin).
 * `*.localhost` names do not resolve inside workerd and a fetch cannot choose its Host header, so the call goes to
 * 127.0.0.1 on this server's port (LOCAL_PORT) and names the origin brand in a header. The header is the engine's
 * alone: it carries a proof made with APP_SECRET, and a request whose proof is missing or wrong loses the header
 * before anything reads it (worker/index.ts), so a visitor cannot choose a request's brand with it.
 */
export const LOCAL_UPSTREAM_HEADER = 'X-Local-Upstream-Host';
export const LOCAL_UPSTREAM_PROOF = 'X-Local-Upstream-Proof';

const proofData = (host: string) => new TextEncoder().encode(`local-upstream|${host.toLowerCase()}`);

/** Marks a call to the local upstream as the engine's own. */
export async function markLocalUpstream(env: Env, headers: Headers, host: string): Promise<void> {
  const proof = await crypto.subtle.sign('HMAC', await appSecretKey(env.APP_SECRET), proofData(host));
  headers.set(LOCAL_UPSTREAM_HEADER, host);
  headers.set(LOCAL_UPSTREAM_PROOF, base64url(new Uint8Array(proof)));
}

/** The origin host a request names when the engine itself sent it (local mode, proof checked), else null. */
export async function provenLocalUpstream(request: Request, env: Env): Promise<string | null> {
  const host = request.headers.get(LOCAL_UPSTREAM_HEADER);
  const proof = request.headers.get(LOCAL_UPSTREAM_PROOF);
  if (!isLocal(env) || !host || !proof) return null;
  let signature: Uint8Array<ArrayBuffer>;
  try {
    signature = fromBase64url(proof);
  } catch {
    return null;
  }
  // verify() compares in constant time.
  return (await crypto.subtle.verify('HMAC', await appSecretKey(env.APP_SECRET), signature, proofData(host))) ? host : null;
}
