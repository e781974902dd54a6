import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { ApiFailure } from '../errors';
import { limit } from '../http/helpers';
import { operation, withStatus } from '../http/operation';
import { log } from '../log';
import { ageCheckStatus, findCheck, readOnReturn, recordResult, startAgeCheck, takesNotification } from './checks';
import { logDeclaration } from './declarations';
import { ageProviderFor } from './provider';
import { AGE_SIGNATURE_HEADER } from './signature';

/** Age assurance (issue 45 items 2 and 3): docs/api/age-assurance.md. */
export const ageRoutes = new Hono<AppEnv>();

/** A notification older than this (or this far ahead) is a replay of an old one, whatever its signature. */
const NOTIFICATION_WINDOW_MS = 10 * 60_000;

operation(ageRoutes, 'get', '/api/age-check.php', async (c, { member, query }) => {
  if (query.session) await readOnReturn(c, member, query.session);
  return ageCheckStatus(c, member);
});

operation(ageRoutes, 'post', '/api/age-check.php', async (c, { member }) => {
  await limit(c, `age-check:${member.id}`, { limit: 10, windowSeconds: 3600 });
  return withStatus(201, await startAgeCheck(c, member));
});

/**
 * The provider's notification. Trusted only when its signature is the provider's for this brand, it is recent, it
 * names a check of this brand and it was not used before (for Yoti, which notifies once per attempt: its sequence
 * number is above the last one taken); then the result is fetched from the provider and recorded. Every refusal is
 * logged and changes nothing.
 */
operation(ageRoutes, 'post', '/api/age-check-callback.php', async (c) => {
  const tenant = c.get('tenant');
  const refuse = (status: 400 | 404 | 409, code: string, reason: string): never => {
    log(c, 'warn', `age-check callback refused: ${reason}`, { ip: c.req.header('cf-connecting-ip') ?? null });
    throw new ApiFailure(status, code, `errors.${code}`);
  };
  const provider = ageProviderFor(c.env, tenant);
  if (!provider) throw new ApiFailure(404, 'not_found', 'errors.api_not_found');
  const raw = await c.req.text();
  const note = await provider.verifyNotification(raw, c.req.header(AGE_SIGNATURE_HEADER));
  if (!note) return refuse(400, 'age_signature_invalid', 'signature');
  const sent = Date.parse(note.sentAt);
  const now = c.get('now').getTime();
  if (!Number.isFinite(sent) || now - sent > NOTIFICATION_WINDOW_MS || sent - now > 60_000)
    return refuse(400, 'age_result_stale', `sent at ${note.sentAt}`);
  const check = await findCheck(c.env.DB, tenant.id, provider.name, note.sessionId);
  if (!check) return refuse(404, 'age_check_unknown', `session ${note.sessionId}`);
  if (!takesNotification(check, note.sequence ?? null))
    return refuse(409, 'age_result_replayed', `session ${note.sessionId} notified before (sequence ${note.sequence ?? '-'})`);
  const result = await provider.result(note.sessionId);
  if (!result?.outcome) return refuse(404, 'age_check_unknown', `session ${note.sessionId} has no result`);
  if (!(await recordResult(c.env.DB, check, result, note.notificationId, c.get('now'), note.sequence ?? null)))
    return refuse(409, 'age_result_replayed', `session ${note.sessionId} recorded meanwhile`);
  log(c, 'info', 'age check recorded', { memberId: check.member_id, outcome: result.outcome, provider: provider.name });
  return { ok: true as const };
});

operation(ageRoutes, 'post', '/api/age-declaration.php', async (c, { member, body }) => {
  await limit(c, `age-declaration:${body.visitor}`, { limit: 20, windowSeconds: 3600 });
  await logDeclaration(c, member?.id ?? null, body);
  return { ok: true as const };
});
