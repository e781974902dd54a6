import type { AppContext } from '../context';
import { ApiFailure } from '../errors';
import { d1CamFeed } from './feed';
import { camListing } from './listing';

/** cams.php's answer, also the /cams page's loader: the listing of the brand's cam partner; none without a partner. */
export function loadCams(c: AppContext) {
  const tenant = c.get('tenant');
  const partner = tenant.cams;
  if (!partner) throw new ApiFailure(404, 'not_found', 'errors.api_not_found');
  return camListing(d1CamFeed(c.env.DB), tenant, partner, c.get('now'));
}
