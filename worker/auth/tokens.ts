import { base64url, fromBase64url } from '../../core/encoding';
import type { Tables } from '../db/tables';

// One-time links: the link carries a token signed with APP_SECRET (purpose, brand, member, expiry, id), and the
// one_time_tokens row makes it usable once. A forged, altered, expired, reused or foreign token is refused.

// 'complaint': a visitor's complaint waits for its address to be proven; member is the sender or 0, data the complaint id.
// 'mail_login': a notification mail's button (issue 18), when the brand allows it; data is the page it opens.
export type TokenPurpose =
  | 'activation'
  | 'password_reset'
  | 'mail_change'
  | 'account_recovery'
  | 'unsubscribe'
  | 'complaint'
  | 'data_export'
  | 'mail_login'
  // Issue 46 item 5: the old address's link that undoes an e-mail change; data is {"from": old, "to": new}.
  | 'mail_change_undo';

const HOUR = 3_600_000;
export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  activation: 48 * HOUR,
  password_reset: 2 * HOUR,
  mail_change: 24 * HOUR,
  account_recovery: 14 * 24 * HOUR,
  unsubscribe: 5 * 365 * 24 * HOUR,
  complaint: 48 * HOUR,
  // The GDPR export's download link (issue 17, item 8).
  data_export: 24 * HOUR,
  mail_login: HOUR / 4,
  mail_change_undo: 7 * 24 * HOUR,
};

interface Payload {
  p: TokenPurpose;
  t: string;
  m: number;
  e: number;
  j: string;
}

/** The HMAC key of everything the Worker signs with APP_SECRET (these links, the known-device cookie). */
export async function appSecretKey(secret: string | undefined): Promise<CryptoKey> {
  if (!secret || secret.length < 32) throw new Error('APP_SECRET is missing or shorter than 32 characters');
  return crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

export interface IssueOptions {
  tenantId: string;
  memberId: number;
  purpose: TokenPurpose;
  now: Date;
  data?: string;
}

export async function issueToken(env: Env, opts: IssueOptions): Promise<string> {
  const token = await issueTokenWithin(env, opts);
  if (!token) throw new Error('token not stored');
  return token;
}

/** A daily (or other) cap on links of one purpose: at most `max` made for the member since `since`. */
export interface TokenCap {
  max: number;
  since: Date;
}

/**
 * Makes a link; with a cap, the row is stored only while the member has fewer than `cap.max` links of this purpose
 * since `cap.since`, decided and counted in the one INSERT (parallel requests cannot all pass a count read first).
 * Null when the cap is reached: no link exists, so nothing may be mailed.
 */
export async function issueTokenWithin(env: Env, opts: IssueOptions, cap?: TokenCap): Promise<string | null> {
  const jti = base64url(crypto.getRandomValues(new Uint8Array(16)));
  const expires = opts.now.getTime() + TOKEN_LIFETIME_MS[opts.purpose];
  const payload: Payload = { p: opts.purpose, t: opts.tenantId, m: opts.memberId, e: expires, j: jti };
  const body = base64url(new TextEncoder().encode(JSON.stringify(payload)));
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', await appSecretKey(env.APP_SECRET), new TextEncoder().encode(body)));
  const stored = await env.DB.prepare(
    `INSERT INTO one_time_tokens (jti, tenant_id, member_id, purpose, data, created_at, expires_at)
     SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7
     WHERE ?8 IS NULL OR (SELECT COUNT(*) FROM one_time_tokens
                          WHERE tenant_id = ?2 AND member_id = ?3 AND purpose = ?4 AND created_at > ?9) < ?8`,
  )
    .bind(
      jti,
      opts.tenantId,
      opts.memberId,
      opts.purpose,
      opts.data ?? null,
      opts.now.toISOString(),
      new Date(expires).toISOString(),
      cap?.max ?? null,
      cap?.since.toISOString() ?? null,
    )
    .run();
  return stored.meta.changes === 1 ? `${body}.${base64url(signature)}` : null;
}

/** Checks the signature and claims; null for anything not issued by us for this purpose and brand, or expired. */
async function verify(env: Env, token: string, tenantId: string, purpose: TokenPurpose, now: Date): Promise<Payload | null> {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined || token.length > 600) return null;
  try {
    const ok = await crypto.subtle.verify(
      'HMAC',
      await appSecretKey(env.APP_SECRET),
      fromBase64url(signature),
      new TextEncoder().encode(body),
    );
    if (!ok) return null;
    const payload = JSON.parse(new TextDecoder().decode(fromBase64url(body))) as Payload;
    if (payload.p !== purpose || payload.t !== tenantId || payload.e <= now.getTime()) return null;
    return payload;
  } catch {
    return null;
  }
}

export interface Redeemed {
  memberId: number;
  data: string | null;
}

/** Uses a token once: the second use of the same link finds it used and gets null. */
export async function consumeToken(env: Env, token: string, tenantId: string, purpose: TokenPurpose, now: Date): Promise<Redeemed | null> {
  const payload = await verify(env, token, tenantId, purpose, now);
  if (!payload) return null;
  const row = await env.DB.prepare(
    `UPDATE one_time_tokens SET used_at = ?1 WHERE jti = ?2 AND tenant_id = ?3 AND purpose = ?4 AND member_id = ?5
       AND used_at IS NULL AND expires_at > ?1 RETURNING member_id, data`,
  )
    .bind(now.toISOString(), payload.j, tenantId, purpose, payload.m)
    .first<Pick<Tables['one_time_tokens'], 'member_id' | 'data'>>();
  return row ? { memberId: row.member_id, data: row.data } : null;
}

/**
 * The member and row id a genuine, unexpired token names, without using it: for a caller that uses the link in the
 * same statement as its own write (a password reset, accounts.ts `replacePassword`).
 */
export async function tokenClaims(
  env: Env,
  token: string,
  tenantId: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<{ memberId: number; jti: string } | null> {
  const payload = await verify(env, token, tenantId, purpose, now);
  return payload ? { memberId: payload.m, jti: payload.j } : null;
}

/** For links that may be used again (unsubscribe): valid signature, known and unexpired, not consumed. */
export async function peekToken(env: Env, token: string, tenantId: string, purpose: TokenPurpose, now: Date): Promise<Redeemed | null> {
  const payload = await verify(env, token, tenantId, purpose, now);
  if (!payload) return null;
  const row = await env.DB.prepare(
    'SELECT member_id, data FROM one_time_tokens WHERE jti = ? AND tenant_id = ? AND purpose = ? AND member_id = ?',
  )
    .bind(payload.j, tenantId, purpose, payload.m)
    .first<Pick<Tables['one_time_tokens'], 'member_id' | 'data'>>();
  return row ? { memberId: row.member_id, data: row.data } : null;
}
