import { getCookie, setCookie } from 'hono/cookie';
import { COOKIE } from '../../core/constants';
import { base64url, fromBase64url } from '../../core/encoding';
import type { AppContext } from '../context';
import { appSecretKey } from './tokens';

// The lockout (login-attempts.ts) counts failures per account, so anyone who knows an address could lock its owner
// out by failing five times. A browser that has logged in to an account before carries a cookie proving it, and its
// attempts count on a lockout of their own: a stranger's failures lock the account for every other browser, not for
// the member's own. The proof is signed with APP_SECRET for the account as it is now: its id and its password hash.
// A new password (change or reset) ends every proof, and so does the address passing to another account; until
// then a stolen cookie gets five guesses per lockout window.

export const KNOWN_DEVICE_COOKIE = COOKIE.knownDevice;
const DAYS = 365;
const OPTIONS = { path: '/', httpOnly: true, secure: true, sameSite: 'Lax' } as const;

/** The account a login names, as the proof binds it: null when no account has that address. */
export interface DeviceOwner {
  id: number;
  passwordHash: string | null;
}

const encoder = new TextEncoder();
const signed = (accountKey: string, owner: DeviceOwner, nonce: string) =>
  encoder.encode(`known-device:${accountKey}:${owner.id}:${owner.passwordHash ?? ''}:${nonce}`);

/**
 * The lockout key of this browser's attempts on the account: its own when the browser proves an earlier login to
 * this account as it is now, else the account's.
 */
export async function attemptAccountKey(c: AppContext, accountKey: string, owner: DeviceOwner | null): Promise<string> {
  const [nonce, signature, extra] = (getCookie(c, KNOWN_DEVICE_COOKIE) ?? '').split('.');
  if (!owner || !nonce || !signature || extra !== undefined || nonce.length > 32 || signature.length > 64) return accountKey;
  try {
    const key = await appSecretKey(c.env.APP_SECRET);
    const ok = await crypto.subtle.verify('HMAC', key, fromBase64url(signature), signed(accountKey, owner, nonce));
    return ok ? `${accountKey}:device:${nonce}` : accountKey;
  } catch {
    return accountKey;
  }
}

/** After a successful login: this browser is known to the account from now on (the last account logged in to). */
export async function rememberDevice(c: AppContext, accountKey: string, owner: DeviceOwner): Promise<void> {
  const nonce = base64url(crypto.getRandomValues(new Uint8Array(12)));
  const key = await appSecretKey(c.env.APP_SECRET);
  const signature = base64url(new Uint8Array(await crypto.subtle.sign('HMAC', key, signed(accountKey, owner, nonce))));
  setCookie(c, KNOWN_DEVICE_COOKIE, `${nonce}.${signature}`, { ...OPTIONS, maxAge: DAYS * 86_400 });
}
