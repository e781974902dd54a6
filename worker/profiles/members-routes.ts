import { Hono } from 'hono';
import { REGIONS } from '../../core/data/regions';
import { myProfileSchema, type MyProfile } from '../../core/schemas/my-profile';
import type { Tenant } from '../../core/schemas/tenant';
import { featuredQueryFor, loadProfile, profileNotFound, runFeatured, runSearch, searchQueryFor } from './member-calls';
import { isLocal, type AppContext, type AppEnv } from '../context';
import { ApiFailure } from '../errors';
import { loadMyProfile, saveMyProfile, unknownInterest } from './my-profile';
import type { SessionMember } from '../auth/sessions';
import { operation } from '../http/operation';

/** The home sample, search, the profile view and the member's own profile. */
export const membersRoutes = new Hono<AppEnv>();

operation(membersRoutes, 'get', '/api/featured.php', async (c, { query }) => runFeatured(c, query), { query: featuredQueryFor });

operation(
  membersRoutes,
  'get',
  '/api/search.php',
  async (c, { query }) => {
    // Locally, each query's D1 cost goes out as Server-Timing, for `npm run bench` (budget: 1 000 rows, 5 ms).
    const costs: { rowsRead: number; ms: number }[] = [];
    const answer = await runSearch(c, query, isLocal(c.env) ? (cost) => costs.push(cost) : undefined);
    if (costs.length) c.header('Server-Timing', costs.map((q, i) => `q${i};dur=${q.ms};desc="rows ${q.rowsRead}"`).join(', '));
    return answer;
  },
  { query: searchQueryFor },
);

operation(membersRoutes, 'get', '/api/profile.php', async (c, { query }) => loadProfile(c, query));

/** The member's own profile as /profile edits it (a member without a profile row: 404). */
async function ownProfile(c: AppContext, member: SessionMember) {
  const tenant = c.get('tenant');
  const profile = await loadMyProfile(c.env.DB, tenant.id, member.id, tenant.age_band ?? null, c.get('now'));
  if (!profile) throw profileNotFound();
  return { profile };
}

operation(membersRoutes, 'get', '/api/my-profile.php', async (c, { member }) => ownProfile(c, member));

operation(
  membersRoutes,
  'put',
  '/api/my-profile.php',
  async (c, { member, body }) => {
    const tenant = c.get('tenant');
    const fields = profileProblems(tenant, member, body);
    if (Object.keys(fields).length) throw new ApiFailure(400, 'validation_failed', 'validation.failed', fields);
    await saveMyProfile(c.env.DB, tenant.id, member.id, body);
    return ownProfile(c, member);
  },
  // A birth date is checked against the request's own day.
  { body: (c) => myProfileSchema(c.get('now').toISOString().slice(0, 10)) },
);

/** What the schema cannot know: a name that is the member's e-mail, a country or region the brand does not serve, an unknown interest. */
function profileProblems(tenant: Tenant, member: SessionMember, input: MyProfile): Record<string, string> {
  const fields: Record<string, string> = {};
  const email = member.email.toLowerCase();
  if (input.name.toLowerCase() === email || input.name.toLowerCase() === email.split('@')[0]) fields.name = 'validation.name_is_email';
  if (!tenant.settings.countries.includes(input.country)) fields.country = 'validation.country';
  if (input.region && !REGIONS[input.country]?.some((r) => r.code === input.region)) fields.region = 'validation.region';
  if (unknownInterest(input.interests)) fields.interests = 'validation.invalid';
  return fields;
}
