import { describe, expect, it } from 'vitest';
import { haversineKm, locate, reverseGeocode } from './geocode';

// These run inside workerd, so they also prove the offline library loads and works there.
describe('reverseGeocode', () => {
  it.each([
    ['Amsterdam', 52.37, 4.9, 'NL', 'NH', 'Amsterdam'],
    ['Munich', 48.14, 11.58, 'DE', 'BY', 'München'],
    ['Zürich', 47.37, 8.54, 'CH', 'ZH', 'Zürich'],
    ['London', 51.51, -0.13, 'GB', 'LON', 'London'],
    ['New York', 40.71, -74.01, 'US', 'NY', 'New York'],
  ])('places %s in its country, region and city', async (_, lat, lon, country, region, city) => {
    expect(await reverseGeocode(lat, lon)).toMatchObject({ country, region, city, lat, lon });
  });

  it('names the region in its own language', async () => {
    expect((await reverseGeocode(52.37, 4.9))?.region_name).toBe('Noord-Holland');
  });

  it("uses the library's town away from the cities we list, with the region of the nearest one", async () => {
    // Weert (Limburg) is ~20 km from Roermond and ~27 km from Eindhoven, neither of which is where it lives.
    const place = await reverseGeocode(51.25, 5.71);
    expect(place).toMatchObject({ country: 'NL', region: 'LI' });
    expect(place?.city).toBeTruthy();
    expect(['Roermond', 'Eindhoven']).not.toContain(place?.city);
  });

  it('keeps the country of the library near a border', async () => {
    // Kerkrade (NL) is closer to Aachen (DE) than to most Dutch cities.
    expect(await reverseGeocode(50.87, 6.06)).toMatchObject({ country: 'NL', region: 'LI' });
  });

  it.each([
    ['the middle of the Atlantic', 30, -40],
    ['the North Atlantic', 45, -30],
    ['the Pacific, where the library would walk to the US', 0, -140],
    // ~800 km south of Hawaii: close enough to ask the library, whose walk there exhausts the stack.
    ['the sea south of Hawaii', 13, -153],
    ['Moscow', 55.76, 37.62],
    ['Luxembourg', 49.61, 6.13],
  ])('answers null for %s', async (_, lat, lon) => {
    expect(await reverseGeocode(lat, lon)).toBeNull();
  });

  it('rounds the position it hands back to about a kilometre', async () => {
    expect(await reverseGeocode(52.370216, 4.895168)).toMatchObject({ lat: 52.37, lon: 4.9 });
  });
});

describe('locate', () => {
  it('answers null for a country without region data', () => {
    expect(locate({ cityName: 'Luxembourg', countryIso2: 'LU' }, 49.61, 6.13)).toBeNull();
  });

  it('answers null for a far-away territory of a served country (Bonaire, NL)', () => {
    expect(locate({ cityName: 'Kralendijk', countryIso2: 'NL' }, 12.15, -68.27)).toBeNull();
  });

  it('answers null without a place', () => {
    expect(locate(null, 52.37, 4.9)).toBeNull();
  });

  it('prefers our city within its radius and the library town beyond it', () => {
    expect(locate({ cityName: 'Ouderkerk aan de Amstel', countryIso2: 'NL' }, 52.36, 4.91)?.city).toBe('Amsterdam');
    expect(locate({ cityName: 'Heythuysen', countryIso2: 'NL' }, 51.25, 5.71)?.city).toBe('Heythuysen');
  });
});

describe('haversineKm', () => {
  it('measures Amsterdam to Rotterdam as ~57 km', () => {
    expect(haversineKm(52.37, 4.9, 51.92, 4.48)).toBeGreaterThan(55);
    expect(haversineKm(52.37, 4.9, 51.92, 4.48)).toBeLessThan(60);
  });
});
