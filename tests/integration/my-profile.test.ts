import { describe, expect, it } from 'vitest';
import nl from '../../locales/nl.json';
import { call, signUp } from './account-helpers';

// Editing one's own profile (PUT /api/my-profile.php, SPEC.md §5 "profile"): what a member saves is what they and the
// site show afterwards; a wrong field is named in the member's language and nothing is saved (issue 43 item 10).

type Profile = Record<string, unknown> & { name: string; city: string | null; interests: string[]; about: string | null };
type ErrorBody = { error: { code: string; fields?: Record<string, string> } };

const myProfile = async (cookie: string) =>
  (await (await call('flirtlokaal', 'GET', '/api/my-profile.php', undefined, cookie)).json<{ profile: Profile }>()).profile;
const save = (cookie: string, profile: Record<string, unknown>) => call('flirtlokaal', 'PUT', '/api/my-profile.php', profile, cookie);

describe('editing my profile', () => {
  it('saves every field, answers the saved profile, and the site shows it', async () => {
    const member = await signUp();
    const before = await myProfile(member.cookie);
    const edited = {
      ...before,
      name: 'Sanne B',
      city: 'Utrecht',
      region: 'UT',
      sexuality: 'bi',
      hair_colour: 'red',
      eye_colour: 'green',
      body_type: 'slim',
      relationship_status: 'single',
      interests: ['art', 'bbq'],
      about: 'Houdt van fietsen langs de Vecht.',
    };
    const res = await save(member.cookie, edited);
    expect(res.status).toBe(200);
    const { profile } = await res.json<{ profile: Profile }>();
    for (const key of [
      'name',
      'city',
      'region',
      'sexuality',
      'hair_colour',
      'eye_colour',
      'body_type',
      'relationship_status',
      'about',
    ] as const) {
      expect(profile[key], key).toBe(edited[key]);
    }
    expect([...profile.interests].sort()).toEqual(['art', 'bbq']);
    // Read again, and where the site names the member.
    expect(await myProfile(member.cookie)).toEqual(profile);
    const { user } = await (await call('flirtlokaal', 'GET', '/api/user.php', undefined, member.cookie)).json<{
      user: { profile: { name: string } };
    }>();
    expect(user.profile.name).toBe('Sanne B');
  });

  it('names each wrong field in Dutch and saves nothing', async () => {
    const member = await signUp();
    const before = await myProfile(member.cookie);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: member.email }, 'name', nl.validation.name_is_email],
      [{ country: 'FR' }, 'country', nl.validation.country],
      [{ region: 'ZZZ' }, 'region', nl.validation.region],
      [{ interests: ['not_an_interest'] }, 'interests', nl.validation.invalid],
      [{ hair_colour: 'plaid' }, 'hair_colour', nl.validation.invalid],
      [{ about: 'x'.repeat(2001) }, 'about', nl.validation.too_long],
    ];
    for (const [change, field, message] of cases) {
      const res = await save(member.cookie, { ...before, name: 'Changed Name', ...change });
      expect(res.status, field).toBe(400);
      const body = await res.json<ErrorBody & { error: { fields: Record<string, string> } }>();
      expect(body.error.fields[field], field).toBe(message);
    }
    expect(await myProfile(member.cookie)).toEqual(before);
  });

  it('is refused to a visitor', async () => {
    const member = await signUp();
    const before = await myProfile(member.cookie);
    const res = await save('', { ...before, name: 'Someone Else' });
    expect(res.status).toBe(403);
    expect(await myProfile(member.cookie)).toEqual(before);
  });
});
