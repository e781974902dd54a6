import { showState } from '../../core/rules/cam-show';
import type { CamPartner, CamPerformer, CamVariant, CamsResponse } from '../../core/schemas/cams';
import type { Tenant } from '../../core/schemas/tenant';
import type { CamFeed } from './feed';

/** How many performers the listing shows. */
export const CAM_LISTING_SIZE = 24;

/** SPEC.md §3 member_resell picks the variant: a brand that resells its members sends them to the partner's signup. */
export const camVariantOf = (tenant: Tenant): CamVariant => (tenant.settings.member_resell === 'yes' ? 'resell' : 'cam');

/** The listing at `now`: live performers first, the others by how soon their show starts, each group in the partner's ranking. */
export async function camListing(feed: CamFeed, tenant: Tenant, partner: CamPartner, now: Date): Promise<CamsResponse> {
  const performers: CamPerformer[] = (await feed.performers(tenant.id, CAM_LISTING_SIZE)).map((p) => {
    const state = showState(p.show, now);
    return {
      id: p.id,
      name: p.name,
      age: p.age,
      country: p.country,
      image: p.image,
      live: state.live,
      starts_in_minutes: state.startsInMinutes,
    };
  });
  // Array.prototype.sort is stable, so equal start times keep the partner's ranking.
  performers.sort((a, b) => a.starts_in_minutes - b.starts_in_minutes);
  return { variant: camVariantOf(tenant), partner: partner.partner, live_count: performers.filter((p) => p.live).length, performers };
}

/** The partner link for a click: the variant's template with the performer, the brand's affiliate id and the click id. */
export function partnerLink(partner: CamPartner, variant: CamVariant, handle: string, clickId: string): string {
  const template = variant === 'resell' ? partner.signup_url : partner.room_url;
  return template
    .replaceAll('{performer}', encodeURIComponent(handle))
    .replaceAll('{affiliate}', encodeURIComponent(partner.affiliate))
    .replaceAll('{click}', encodeURIComponent(clickId));
}

/** One counted click through to the partner; its id travels in the partner link (worker/cams/outbound.ts). */
export async function logCamClick(
  db: D1Database,
  click: { id: string; tenantId: string; performerId: number; memberId: number | null; variant: CamVariant; now: Date },
): Promise<void> {
  await db
    .prepare('INSERT INTO cam_clicks (id, tenant_id, performer_id, member_id, variant, created_at) VALUES (?, ?, ?, ?, ?, ?)')
    .bind(click.id, click.tenantId, click.performerId, click.memberId, click.variant, click.now.toISOString())
    .run();
}
