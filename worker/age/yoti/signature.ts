/**
 * Yoti's notification signature (developers.yoti.com/age-verification/notifications, "Verifying the Signature"):
 * the `signature` field of the notification's JSON is a base64 RSA-PSS SHA-256 signature, by Yoti's private key, of
 * the notification's JSON without `sequence_number` and `signature`, all white space removed, UTF-8 encoded. The
 * salt length is the signature's length in bytes minus 32 (the SHA-256 digest) minus 2, as Yoti's examples compute
 * it. `sequence_number` is outside the signature (the callback's replay rules account for that: age-routes.ts).
 */

/** The public key Yoti publishes at the bottom of that page ("Public key for Age verification service"). */
export const YOTI_NOTIFICATION_PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MIIBojANBgkqhkiG9w0BAQEFAAOCAY8AMIIBigKCAYEAune8+8vPz/pQD6IzdWvX
Q66nh/RcywopCI01Wjo6i7vlH2iVOP1oCkgbObe12iMmVXKRiXgMNT6aXIGe6Ggw
dodzAmt3vT1fmrgub7Of6MgJ56ri2uH1O54DTjbnEbEcLXX13teOusZavntrkNpp
x1c8L0Ol41mRvImJeMHM6I16rLhqB/w1m7USMvof/K6GaP+VmmciZTPyZ6IsXxvB
k0ZoqWqrt2xENlg4O6LXMo7eHEiG+edm9uDpbZK1RhiCd6hyDZ/t4bBQNg4misFF
WezQSiUlPwBLRg1AJ3CNrtBzs49BZ30U7WSPUS0Gsq1lhhDtUtJUt4CdkDAfkVY6
2C6aaqKV940GcPFN7MjOeFus3VNJE3zyHVLT8DStuLMXHY+gQBGFOyxN6heZbm7a
Sl9fi7VXlDTlv1jpk4DFMQYF2fpAyomm95GavhllJnDxC2t8ebu0O23B88hPGI3K
kyLtPA8ie6UNmwNqLYpOEN/pwayYw75FcENBDxnWhoe9AgMBAAE=
-----END PUBLIC KEY-----`;

const base64Bytes = (b64: string) => Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0));

const pemBody = (pem: string) => pem.replace(/-----(BEGIN|END) [A-Z ]+-----/g, '').replace(/\s/g, '');

/** The bytes Yoti signs: the notification without sequence_number and signature, white space removed. */
export function signedText(notification: Record<string, unknown>): string {
  const { sequence_number: _sequence, signature: _signature, ...payload } = notification;
  return JSON.stringify(payload).replace(/\s/g, '');
}

/** Whether `signature` is Yoti's (the key's) over the notification; false for anything malformed. */
export async function verifyYotiSignature(publicKeyPem: string, notification: Record<string, unknown>): Promise<boolean> {
  const signature = notification.signature;
  if (typeof signature !== 'string' || signature.length > 2048) return false;
  try {
    const key = await crypto.subtle.importKey('spki', base64Bytes(pemBody(publicKeyPem)), { name: 'RSA-PSS', hash: 'SHA-256' }, false, [
      'verify',
    ]);
    const bytes = base64Bytes(signature);
    const saltLength = bytes.length - 32 - 2;
    if (saltLength < 0) return false;
    return await crypto.subtle.verify({ name: 'RSA-PSS', saltLength }, key, bytes, new TextEncoder().encode(signedText(notification)));
  } catch {
    return false;
  }
}
