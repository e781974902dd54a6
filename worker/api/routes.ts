import { Hono } from 'hono';
import { FeaturedQuerySchema } from '../../core/schemas/profile';
import type { AppEnv } from '../context';
import { ApiFailure, apiError, parseOrFail } from '../errors';
import { featuredProfiles } from '../services/profiles';
import { complaintsRoutes } from './complaints-routes';
import { pagesRoutes } from './pages-routes';
import { recoveryRoutes } from './recovery-routes';
import { reference } from './reference';
import { sessionRoutes } from './session-routes';
import { settingsRoutes } from './settings-routes';
import { signupRoutes } from './signup-routes';
import { trackingRoutes } from './tracking-routes';
import { settingsFor } from './settings';

/** The built-in /api/*.php endpoints. Each validates its input with a core schema and answers in core's shape. */
export const api = new Hono<AppEnv>();

api.get('/settings.php', (c) => c.json(settingsFor(c.get('tenant'), c.get('country'))));

api.get('/featured.php', async (c) => {
  const q = parseOrFail(FeaturedQuerySchema, c.req.query());
  const country = settingsFor(c.get('tenant'), c.get('country')).geoip_selected_country;
  const profiles = await featuredProfiles(c.env.DB, c.get('tenant').id, country, { gender: q.gender, minAge: q.min_age, maxAge: q.max_age }, c.get('now'));
  return c.json({ profiles });
});

api.route('/', sessionRoutes);
api.route('/', signupRoutes);
api.route('/', recoveryRoutes);
api.route('/', settingsRoutes);
api.route('/', reference);
api.route('/', trackingRoutes);
api.route('/', pagesRoutes);
api.route('/', complaintsRoutes);

api.all('*', (c) => apiError(c, new ApiFailure(404, 'not_found', 'errors.api_not_found')));
