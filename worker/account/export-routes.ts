import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../context';
import { ApiFailure } from '../errors';
import { describeError, log } from '../log';
import { buildZip, collectMemberData, memberPhotos } from './data-export';
import { issueToken, peekToken } from '../auth/tokens';
import { toLanguage } from '../../core/rules/language';
import { limit, link, mailTo } from '../http/helpers';
import { operation } from '../http/operation';

/**
 * The member's own data (issue 17, item 8). POST /api/export.php starts it (202): the ZIP is made after the answer,
 * stored in R2, and a link valid 24 hours goes out by mail; one request per day. GET /api/export.php?token= (the
 * mail's link) downloads it as application/zip.
 */
export const exportRoutes = new Hono<AppEnv>();

/** Outside every brand's media keys (those start with a tenant id, a letter), so /media can never serve one. */
const exportKey = (tenantId: string) => `_exports/${tenantId}/${crypto.randomUUID()}.zip`;

operation(exportRoutes, 'post', '/api/export.php', async (c, { member }) => {
  await limit(c, `export:${member.id}`, { limit: 1, windowSeconds: 86_400 }, 'settings.export.limit', 'export_limit');
  c.executionCtx.waitUntil(
    makeExport(c, member.id, member.email, member.language).catch((error) => log(c, 'error', 'data export failed', describeError(error))),
  );
  return { ok: true };
});

async function makeExport(c: AppContext, memberId: number, email: string, memberLanguage: string | null): Promise<void> {
  const tenant = c.get('tenant');
  const now = c.get('now');
  const language = toLanguage(memberLanguage) ?? c.get('language');
  const data = await collectMemberData(c.env, c.env.DB, tenant.id, memberId);
  const photos = await memberPhotos(c.env.MEDIA, tenant.id, data.photos as Record<string, unknown>[]);
  const zip = buildZip(tenant, language, data, photos, now);
  const key = exportKey(tenant.id);
  await c.env.MEDIA.put(key, zip, {
    httpMetadata: { contentType: 'application/zip' },
    customMetadata: { member: String(memberId), expires: new Date(now.getTime() + 86_400_000).toISOString() },
  });
  const token = await issueToken(c.env, { tenantId: tenant.id, memberId, purpose: 'data_export', now, data: key });
  await mailTo(c, email, language, 'data_export', { link: link(c, '/api/export.php', token) }, undefined, memberId);
}

operation(exportRoutes, 'get', '/api/export.php', async (c, { query }) => {
  const tenant = c.get('tenant');
  // The link may be opened more than once within its 24 hours (a broken download); it names its own file.
  const redeemed = await peekToken(c.env, query.token, tenant.id, 'data_export', c.get('now'));
  const key = redeemed?.data;
  const object = key?.startsWith(`_exports/${tenant.id}/`) ? await c.env.MEDIA.get(key) : null;
  if (!object) throw new ApiFailure(410, 'export_expired', 'settings.export.expired');
  return new Response(object.body, {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${tenant.id}-data-${c.get('now').toISOString().slice(0, 10)}.zip"`,
      'Cache-Control': 'private, no-store',
    },
  });
});
