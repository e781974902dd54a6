import { Secret, TOTP } from 'otpauth';
import { renderSVG } from 'uqr';
import { openSecret, sealSecret, staffTotpBox } from './secret-box';

/**
 * The staff's second factor: TOTP (RFC 6238: SHA-1, 6 digits, 30 s) with `otpauth`, the authenticator apps' defaults.
 * The base32 secret is stored encrypted (secret-box.ts, bound to the staff id). A code is accepted in the current
 * step or one step either side (clock drift), and once only: `verifyTotp` returns the step it matched, which the
 * caller records (staff.totp_last_step) with a conditional UPDATE that refuses a step not newer than the last one.
 */

export const TOTP_PERIOD = 30;

/** A new random 160-bit secret (RFC 4226's recommendation), base32 as authenticator apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function sealTotpSecret(appSecret: string | undefined, staffId: number, base32: string): Promise<string> {
  return sealSecret(staffTotpBox(appSecret, staffId), base32);
}

export function openTotpSecret(appSecret: string | undefined, staffId: number, stored: string): Promise<string | null> {
  return openSecret(staffTotpBox(appSecret, staffId), stored);
}

function totp(base32: string, issuer = '', label = ''): TOTP {
  return new TOTP({ issuer, label, secret: Secret.fromBase32(base32), algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD });
}

/** The time step a valid code belongs to (current ±1), or null. Says nothing about whether it was used before. */
export function verifyTotp(base32: string, code: string, now: Date): number | null {
  const delta = totp(base32).validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD) + delta;
}

/** The otpauth:// URI and its QR code (SVG, made here: the secret never goes to a third-party QR service). */
export function totpEnrolment(base32: string, issuer: string, label: string): { uri: string; qrSvg: string } {
  const uri = totp(base32, issuer, label).toString();
  return { uri, qrSvg: renderSVG(uri, { border: 2, ecc: 'M' }) };
}
