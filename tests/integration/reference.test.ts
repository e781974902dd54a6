import { describe, expect, it } from 'vitest';
import { INTERESTS } from '../../core/data/interests';
import { REGIONS } from '../../core/data/regions';
import { ApiErrorSchema } from '../../core/schemas/errors';
import { CompanyInfoSchema, GeocodeResultSchema, InterestsResponseSchema, RegionsResponseSchema } from '../../core/schemas/reference';
import { fetchBrand } from './helpers';

async function expectValidationError(res: Response, field: string) {
  expect(res.status).toBe(400);
  const body = ApiErrorSchema.parse(await res.json());
  expect(body.error.code).toBe('validation_failed');
  expect(body.error.fields).toHaveProperty(field);
  expect(body.error.fields?.[field]).toBeTruthy();
}

describe('GET /api/geocode.php', () => {
  it('places a position in our country and region codes', async () => {
    const res = await fetchBrand('flirtlokaal', '/api/geocode.php?lat=52.37&lon=4.90');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    const body = GeocodeResultSchema.parse(await res.json());
    expect(body).toEqual({ country: 'NL', region: 'NH', region_name: 'Noord-Holland', city: 'Amsterdam', lat: 52.37, lon: 4.9 });
  });

  it('answers for a served country that is not one of the brand', async () => {
    const body = await (await fetchBrand('flirtlokaal', '/api/geocode.php?lat=48.14&lon=11.58')).json();
    expect(body).toMatchObject({ country: 'DE', region: 'BY' });
  });

  it('answers 404 not_found for a place we do not serve', async () => {
    const res = await fetchBrand('flirtlokaal', '/api/geocode.php?lat=30&lon=-40');
    expect(res.status).toBe(404);
    const body = ApiErrorSchema.parse(await res.json());
    expect(body.error.code).toBe('not_found');
    expect(body.error.message).toBeTruthy();
  });

  it.each([
    ['a missing lat', '?lon=4.9', 'lat'],
    ['a missing lon', '?lat=52.37', 'lon'],
    ['no query at all', '', 'lat'],
    ['a word', '?lat=north&lon=4.9', 'lat'],
    ['an empty value', '?lat=&lon=4.9', 'lat'],
    ['a hex number', '?lat=52&lon=0x10', 'lon'],
    ['a latitude beyond the pole', '?lat=90.5&lon=4.9', 'lat'],
    ['a longitude beyond the date line', '?lat=52.37&lon=-181', 'lon'],
  ])('answers 400 for %s', async (_, query, field) => {
    await expectValidationError(await fetchBrand('flirtlokaal', `/api/geocode.php${query}`), field);
  });
});

describe('GET /api/regions.php', () => {
  it("lists the regions of the brand's countries", async () => {
    const res = await fetchBrand('reifekontakte', '/api/regions.php');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    const { regions } = RegionsResponseSchema.parse(await res.json());
    expect(Object.keys(regions)).toEqual(['DE', 'AT', 'CH']);
    expect(regions.CH.map((r) => r.code)).toEqual(REGIONS.CH.map((r) => r.code));
    expect(regions.CH.find((r) => r.code === 'ZH')).toEqual({ code: 'ZH', name: 'Zürich' });
  });

  it('narrows to one country, in any case, and adds cities on request', async () => {
    const { regions } = RegionsResponseSchema.parse(await (await fetchBrand('flirtlokaal', '/api/regions.php?country=nl&cities=1')).json());
    expect(Object.keys(regions)).toEqual(['NL']);
    const nh = regions.NL.find((r) => r.code === 'NH');
    expect(nh?.name).toBe('Noord-Holland');
    expect(nh?.cities?.[0]).toBe('Amsterdam');
  });

  it('answers a served country outside the brand', async () => {
    const { regions } = RegionsResponseSchema.parse(await (await fetchBrand('flirtlokaal', '/api/regions.php?country=US')).json());
    expect(regions.US.length).toBe(REGIONS.US.length);
    expect(regions.US[0]).not.toHaveProperty('cities');
  });

  it.each([
    ['an unknown country', '?country=XX', 'country'],
    ['a malformed country', '?country=Netherlands', 'country'],
    ['a bad cities flag', '?cities=yes', 'cities'],
  ])('answers 400 for %s', async (_, query, field) => {
    await expectValidationError(await fetchBrand('flirtlokaal', `/api/regions.php${query}`), field);
  });
});

describe('GET /api/interests.php', () => {
  it('lists the 50 interests with a name in the language', async () => {
    const res = await fetchBrand('flirtlokaal', '/api/interests.php');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('private');
    const { interests } = InterestsResponseSchema.parse(await res.json());
    expect(interests).toHaveLength(50);
    expect(interests.map(({ id, slug, icon }) => ({ id, slug, icon }))).toEqual(INTERESTS);
    for (const interest of interests) expect(interest.name.trim()).not.toBe('');
  });

  it('follows the language cookie', async () => {
    const res = await fetchBrand('flirtlokaal', '/api/interests.php', { headers: { Cookie: 'i18n_redirected=de' } });
    expect(res.headers.get('content-language')).toBe('de');
    expect(InterestsResponseSchema.parse(await res.json()).interests).toHaveLength(50);
  });
});

describe('GET /api/companyinfo.php', () => {
  it("answers the brand's company and support e-mail", async () => {
    const res = await fetchBrand('velvetnights', '/api/companyinfo.php');
    expect(res.status).toBe(200);
    const body = CompanyInfoSchema.parse(await res.json());
    for (const field of [
      'name',
      'address',
      'kvk',
      'city',
      'country',
      'tradenames',
      'vat_numbers',
      'support_phone',
      'delete_discount',
      'added',
    ]) {
      expect(body, field).toHaveProperty(field);
    }
    expect(body.support_email).toContain('@');
  });

  it('answers each brand its own company', async () => {
    const a = CompanyInfoSchema.parse(await (await fetchBrand('flirtlokaal', '/api/companyinfo.php')).json());
    const b = CompanyInfoSchema.parse(await (await fetchBrand('velvetnights', '/api/companyinfo.php')).json());
    expect(a.support_email).not.toBe(b.support_email);
  });
});
