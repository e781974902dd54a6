import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../context';
import { ApiFailure } from '../errors';
import { d1CamFeed } from '../cams/feed';
import { camListing } from '../cams/listing';

/** cams.php: the cam-profile listing of the brand's cam partner (worker/cams). A brand without a partner has none. */
export const camsRoutes = new Hono<AppEnv>();

export function loadCams(c: AppContext) {
  const tenant = c.get('tenant');
  const partner = tenant.cams;
  if (!partner) throw new ApiFailure(404, 'not_found', 'errors.api_not_found');
  return camListing(d1CamFeed(c.env.DB), tenant, partner, c.get('now'));
}

camsRoutes.get('/cams.php', async (c) => c.json(await loadCams(c)));
