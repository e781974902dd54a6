/**
 * Encryption of small secrets at rest (the staff TOTP secret in staff.totp_secret): AES-256-GCM with a key derived
 * from APP_SECRET by HKDF-SHA256, so a copy of the database alone does not give anyone a second factor. The
 * additional data binds a ciphertext to its row ("staff-totp:<id>"): a secret copied onto another row does not
 * decrypt there.
 *
 * Pure WebCrypto and no imports (so its base64url is its own, not core/encoding.ts's): the seed (scripts/lib/demo-staff.mjs) imports this very file under Node to store the
 * demo secret exactly as the worker does.
 *
 * Stored form: `v1.<iv base64url>.<ciphertext+tag base64url>`.
 */

const VERSION = 'v1';
const encoder = new TextEncoder();

const b64url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const fromB64url = (text: string): Uint8Array<ArrayBuffer> =>
  Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

const keys = new Map<string, Promise<CryptoKey>>();

/** The AES key of a purpose, derived once per isolate and APP_SECRET. */
function keyFor(appSecret: string | undefined, purpose: string): Promise<CryptoKey> {
  if (!appSecret || appSecret.length < 32) throw new Error('APP_SECRET is missing or shorter than 32 characters');
  const id = `${purpose}\u0000${appSecret}`;
  let key = keys.get(id);
  if (!key) {
    key = crypto.subtle.importKey('raw', encoder.encode(appSecret), 'HKDF', false, ['deriveKey']).then((base) =>
      crypto.subtle.deriveKey(
        {
          name: 'HKDF',
          hash: 'SHA-256',
          salt: encoder.encode('edge-dating-engine secret-box'),
          info: encoder.encode(`${purpose} ${VERSION}`),
        },
        base,
        { name: 'AES-GCM', length: 256 },
        false,
        ['encrypt', 'decrypt'],
      ),
    );
    keys.set(id, key);
  }
  return key;
}

export interface BoxOptions {
  appSecret: string | undefined;
  /** Separates keys by use ('staff-totp'). */
  purpose: string;
  /** What the ciphertext belongs to, e.g. `staff-totp:17`; the same must be given to open it. */
  context: string;
}

/**
 * Encrypts `plaintext`. The IV is random; only the seed passes one (derived from its inputs) so that its SQL stays
 * reproducible: never reuse an IV with different plaintext.
 */
export async function sealSecret(
  options: BoxOptions,
  plaintext: string,
  iv: Uint8Array<ArrayBuffer> = crypto.getRandomValues(new Uint8Array(12)),
): Promise<string> {
  const key = await keyFor(options.appSecret, options.purpose);
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: encoder.encode(options.context) },
    key,
    encoder.encode(plaintext),
  );
  return `${VERSION}.${b64url(iv)}.${b64url(new Uint8Array(sealed))}`;
}

/** The box of a staff member's TOTP secret (worker/staff/totp.ts and the seed use this one definition). */
export function staffTotpBox(appSecret: string | undefined, staffId: number): BoxOptions {
  return { appSecret, purpose: 'staff-totp', context: `staff-totp:${staffId}` };
}

/** Decrypts what `sealSecret` made with the same secret, purpose and context; null for anything else. */
export async function openSecret(options: BoxOptions, stored: string): Promise<string | null> {
  const [version, iv, data, extra] = stored.split('.');
  if (version !== VERSION || !iv || !data || extra !== undefined) return null;
  try {
    const key = await keyFor(options.appSecret, options.purpose);
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromB64url(iv), additionalData: encoder.encode(options.context) },
      key,
      fromB64url(data),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}
