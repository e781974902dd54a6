import { Hono } from 'hono';
import { REGIONS } from '../../core/data/regions';
import { myProfileSchema } from '../../core/schemas/my-profile';
import { isLocal, type AppEnv } from '../context';
import { ApiFailure, parseOrFail } from '../errors';
import { loadMyProfile, saveMyProfile, unknownInterest } from '../services/my-profile';
import { jsonBody, requireMember } from './helpers';
import { loadProfile, profileNotFound, runSearch } from '../calls/members';

/** Search, the profile view and the member's own profile. */
export const membersRoutes = new Hono<AppEnv>();

membersRoutes.get('/search.php', async (c) => {
  // Locally, each query's D1 cost goes out as Server-Timing, for `npm run bench` (budget: 1 000 rows, 5 ms).
  const costs: { rowsRead: number; ms: number }[] = [];
  const answer = await runSearch(c, c.req.query(), isLocal(c.env) ? (cost) => costs.push(cost) : undefined);
  if (costs.length) c.header('Server-Timing', costs.map((q, i) => `q${i};dur=${q.ms};desc="rows ${q.rowsRead}"`).join(', '));
  return c.json(answer);
});

membersRoutes.get('/profile.php', async (c) => c.json(await loadProfile(c, c.req.query())));

membersRoutes.get('/my-profile.php', async (c) => {
  const member = requireMember(c);
  const profile = await loadMyProfile(c.env.DB, c.get('tenant').id, member.id);
  if (!profile) throw profileNotFound();
  return c.json({ profile });
});

membersRoutes.put('/my-profile.php', async (c) => {
  const member = requireMember(c);
  const tenant = c.get('tenant');
  const input = parseOrFail(myProfileSchema(c.get('now').toISOString().slice(0, 10)), await jsonBody(c));
  const fields: Record<string, string> = {};
  const email = member.email.toLowerCase();
  if (input.name.toLowerCase() === email || input.name.toLowerCase() === email.split('@')[0]) fields.name = 'validation.name_is_email';
  if (!tenant.settings.countries.includes(input.country)) fields.country = 'validation.country';
  if (input.region && !REGIONS[input.country]?.some((r) => r.code === input.region)) fields.region = 'validation.region';
  if (unknownInterest(input.interests)) fields.interests = 'validation.invalid';
  if (Object.keys(fields).length) throw new ApiFailure(400, 'validation_failed', 'validation.failed', fields);
  await saveMyProfile(c.env.DB, tenant.id, member.id, input);
  return c.json({ profile: await loadMyProfile(c.env.DB, tenant.id, member.id) });
});
