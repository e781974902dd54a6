import { Hono } from 'hono';
import { CamClickSchema } from '../../core/schemas/cams';
import { clientIp, type AppEnv } from '../context';
import { hit } from '../auth/rate-limit';
import { d1CamFeed } from './feed';
import { camVariantOf, logCamClick, partnerLink } from './listing';

/** Clicks one address may log per hour; beyond it the visitor still gets through, the click is just not counted. */
const CLICKS_PER_IP = { limit: 120, windowSeconds: 3600 };

/**
 * /cams/{id}/go: a click through to the cam partner. The click is logged with a random id that travels in the
 * partner link, so the partner can report what it led to; no member data goes to the partner.
 */
export const camOutbound = new Hono<AppEnv>();

camOutbound.get('/cams/:id/go', async (c) => {
  const tenant = c.get('tenant');
  const partner = tenant.cams;
  const parsed = CamClickSchema.safeParse({ id: c.req.param('id') });
  const performer = partner && parsed.success ? await d1CamFeed(c.env.DB).performer(tenant.id, parsed.data.id) : null;
  // The app's not-found handler renders the brand's 404 page (the cams feature does not render pages itself).
  if (!partner || !performer) return c.notFound();

  const variant = camVariantOf(tenant);
  const clickId = crypto.randomUUID();
  const now = c.get('now');
  const counted = await hit(c.env.DB, `${tenant.id}:cam-click:${clientIp(c)}`, CLICKS_PER_IP, now);
  if (counted.allowed) {
    await logCamClick(c.env.DB, {
      id: clickId,
      tenantId: tenant.id,
      performerId: performer.id,
      memberId: c.get('member')?.id ?? null,
      variant,
      now,
    });
  }
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  return c.redirect(partnerLink(partner, variant, performer.handle, clickId), 302);
});
