/**
 * The notification signature: lower-case hex HMAC-SHA256 of the raw body with the brand's key, as Verifymy signs its
 * requests (`hmac {key}:{HMAC-SHA256(body, secret)}`); sent in X-Age-Signature. Compared in constant time.
 */
const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

export const AGE_SIGNATURE_HEADER = 'X-Age-Signature';

export async function signBody(key: string, body: string): Promise<string> {
  const k = await crypto.subtle.importKey('raw', new TextEncoder().encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return hex(await crypto.subtle.sign('HMAC', k, new TextEncoder().encode(body)));
}

export async function verifyBody(key: string, body: string, signature: string | undefined): Promise<boolean> {
  if (!signature || !/^[0-9a-f]{64}$/.test(signature)) return false;
  const expected = await signBody(key, body);
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ signature.charCodeAt(i);
  return diff === 0;
}
