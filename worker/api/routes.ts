import { Hono } from 'hono';
import { deleteCookie } from 'hono/cookie';
import { z } from 'zod';
import { COOKIE, LANGUAGES } from '../../core/constants';
import { FeaturedQuerySchema } from '../../core/schemas/profile';
import type { AppEnv } from '../context';
import { ApiFailure, apiError, parseOrFail } from '../errors';
import { featuredProfiles } from '../services/profiles';
import { loadUser } from '../services/users';
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

api.get('/user.php', async (c) => {
  const member = c.get('member');
  if (!member) return c.json({ user: null });
  return c.json({ user: await loadUser(c.env.DB, c.get('tenant'), member) });
});

const LanguageBodySchema = z.object({ language: z.enum(LANGUAGES, { message: 'validation.language' }) });

api.put('/user.php', async (c) => {
  const member = c.get('member');
  if (!member) throw new ApiFailure(403, 'authentication_required', 'errors.login_required');
  const body = parseOrFail(LanguageBodySchema, await c.req.json().catch(() => null));
  await c.env.DB.prepare('UPDATE members SET language = ? WHERE id = ? AND tenant_id = ?').bind(body.language, member.id, c.get('tenant').id).run();
  return c.json({ user: await loadUser(c.env.DB, c.get('tenant'), { ...member, language: body.language }) });
});

api.get('/logout.php', async (c) => {
  const member = c.get('member');
  if (member) {
    await c.env.DB.prepare('UPDATE sessions SET revoked_at = ? WHERE token_hash = ? AND tenant_id = ?')
      .bind(c.get('now').toISOString(), member.tokenHash, c.get('tenant').id)
      .run();
  }
  deleteCookie(c, COOKIE.session, { path: '/', secure: true, httpOnly: true, sameSite: 'Lax' });
  // A browser following the nav's logout link lands on the root (SPEC.md §2); the client's fetch gets JSON.
  if (c.req.header('accept')?.includes('text/html')) return c.redirect('/', 303);
  return c.json({ ok: true });
});

api.all('*', (c) => apiError(c, new ApiFailure(404, 'not_found', 'errors.api_not_found')));
