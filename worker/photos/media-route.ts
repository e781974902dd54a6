import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../context';
import { findStaffSession, isBrand, may, roleOn, STAFF_COOKIE } from '../auth/staff-session';
import { isMemberPhotoKey, mediaAccess } from './access';
import { ageCheckPasses, gateCountry } from '../age/gate';
import { brandEnvFor, staffDb } from '../db/request-db';
import { tenantById } from '../tenants';
import type { SessionMember } from '../auth/sessions';
import { portraitSvg } from './portrait';
import { LOCAL_TOOLS } from '../build-target';

export const media = new Hono<AppEnv>();

const SEED_PORTRAIT = /^seed\/(f|m)\/(\d{1,12})-(\d{1,2})-(\d{2})(-thumb)?\.svg$/;
const R2_KEY = /^[a-z0-9][a-z0-9/_-]{0,200}\.(jpg|jpeg|png|webp)$/;

/** A year, immutable: the bytes under a key never change. */
const PUBLIC_CACHE = 'public, max-age=31536000, immutable';
/**
 * Pending and private photos: only the browser that asked may keep them, for a short while, and the answer depends
 * on the session (Vary: Cookie), so no shared cache (CDN, edge) stores it or serves it to someone else.
 */
const PRIVATE_CACHE = 'private, max-age=300';

/**
 * Photos under the brand's cdn_prefix. Uploaded photos live in R2 under random keys; who may see one is checked here
 * (worker/photos/access.ts). The demo seed's portraits are illustrations generated from their name, so the seed
 * needs no image files; they are public like approved public photos.
 */
media.get('/*', async (c) => {
  const key = c.req.path.replace(/^\/media\//, '');
  const tenantId = c.get('tenant').id;
  // The workspace's moderators review pending photos: their staff cookie (SameSite=Strict, Path=/) comes along.
  const isModerator = async () => {
    const token = getCookie(c, STAFF_COOKIE);
    const staff = token ? await findStaffSession(staffDb(c.env), token, c.get('now')) : null;
    return staff !== null && may(staff, tenantId, 'moderator');
  };
  return serve(c, c.env, tenantId, key, c.get('member'), isModerator);
});

/**
 * Another brand's photos for the staff workspace, which works on every brand of the staff member from one host:
 * /staff/media/<brand>/<key>, same-origin, so the staff cookie comes along and the page's CSP allows the image. Only
 * for staff with a role on the brand (else 404, as an unknown photo); what a key shows is decided as for /media, a
 * moderator of the brand seeing pending photos, no member session counting.
 */
export const staffMedia = new Hono<AppEnv>();

staffMedia.get('/:brand/*', async (c) => {
  const brand = c.req.param('brand');
  const staff = c.get('staff');
  if (!staff || !isBrand(brand) || !roleOn(staff, brand)) return refused(c);
  const key = c.req.path.slice(`/staff/media/${brand}/`.length);
  return serve(c, brandEnvFor(c, brand), brand, key, null, async () => may(staff, brand, 'moderator'));
});

/** A photo of `tenantId` under `key` (a seed portrait, or an R2 object the viewer may see). */
async function serve(
  c: Context<AppEnv>,
  env: Env,
  tenantId: string,
  key: string,
  viewer: SessionMember | null,
  isModerator: () => Promise<boolean>,
): Promise<Response> {
  const seed = LOCAL_TOOLS ? SEED_PORTRAIT.exec(key) : null;
  if (seed) {
    const svg = portraitSvg({
      seed: `${seed[2]}-${seed[3]}`,
      gender: seed[1] === 'f' ? 'female' : 'male',
      size: seed[5] ? 320 : 400,
      ageHint: Number(seed[4]),
    });
    return c.body(svg, 200, {
      'Content-Type': 'image/svg+xml',
      'Cache-Control': PUBLIC_CACHE,
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    });
  }
  if (!R2_KEY.test(key)) return c.notFound();
  const tenant = tenantById(tenantId);
  // A private photo is a photo beyond the public ones: where the market rule asks, only after the age check.
  const ageAllows = async () => !viewer || !tenant || ageCheckPasses(env.DB, tenant, viewer.id, gateCountry(c), ['photos']);
  const access = isMemberPhotoKey(key) ? await mediaAccess(env.DB, tenantId, key, viewer, isModerator, ageAllows) : 'public';
  if (access === 'refused') return refused(c);
  const object = await env.MEDIA.get(`${tenantId}/${key}`);
  if (!object) return access === 'public' ? c.notFound() : refused(c);
  return c.body(object.body, 200, {
    'Content-Type': object.httpMetadata?.contentType ?? 'application/octet-stream',
    'Cache-Control': access === 'public' ? PUBLIC_CACHE : PRIVATE_CACHE,
    ...(access === 'public' ? {} : { Vary: 'Cookie' }),
    ETag: object.httpEtag,
  });
}

/** Not found, and never cached: the same URL may be the owner's a moment later (a shared cache must not keep this). */
function refused(c: Context<AppEnv>): Response {
  return c.body(null, 404, { 'Cache-Control': 'private, no-store', Vary: 'Cookie' });
}
