import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { portraitSvg } from './portrait';

export const media = new Hono<AppEnv>();

const SEED_PORTRAIT = /^seed\/(f|m)\/(\d{1,12})-(\d{1,2})-(\d{2})(-thumb)?\.svg$/;
const R2_KEY = /^[a-z0-9][a-z0-9/_-]{0,200}\.(jpg|jpeg|png|webp)$/;

/**
 * Photos under the brand's cdn_prefix. Uploaded photos live in R2 under random keys; the demo seed's portraits
 * are illustrations generated from their name, so the seed needs no image files. Both are immutable.
 */
media.get('/*', async (c) => {
  const key = c.req.path.replace(/^\/media\//, '');
  const seed = SEED_PORTRAIT.exec(key);
  if (seed) {
    const svg = portraitSvg({ seed: `${seed[2]}-${seed[3]}`, gender: seed[1] === 'f' ? 'female' : 'male', size: seed[5] ? 320 : 400, ageHint: Number(seed[4]) });
    return c.body(svg, 200, {
      'Content-Type': 'image/svg+xml',
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    });
  }
  if (!R2_KEY.test(key)) return c.notFound();
  const object = await c.env.MEDIA.get(`${c.get('tenant').id}/${key}`);
  if (!object) return c.notFound();
  return c.body(object.body, 200, {
    'Content-Type': object.httpMetadata?.contentType ?? 'application/octet-stream',
    'Cache-Control': 'public, max-age=31536000, immutable',
    ETag: object.httpEtag,
  });
});
