import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n';
import type { Settings } from '../../../core/schemas/settings';
import type { User } from '../../../core/schemas/user';
import { useCountryName } from '../../lib/country-name';
import { useApi } from '../../api/call';
import { FormAlert, SelectField, SubmitButton, TextField, useFormState } from '../form-ui';
import type { FieldErrors } from '../../lib/validate';
import { settingsAtom, userAtom } from '../../state/atoms';
import { useFlow } from './context';
import type { GeocodeResult } from './geolocation';
import { LoadError } from './load-error';

const OTHER = '__other__';

function cityName(city: string | { name: string }): string {
  return typeof city === 'string' ? city : city.name;
}

/** The country the form opens with: the geocoded one, else the member's, else the visitor's geo-IP one, else the first. */
function startCountry(countries: string[], initial: GeocodeResult | null, user: User | null, settings: Settings): string {
  return (
    initial?.country ??
    (countries.includes(user?.profile.country ?? '')
      ? user!.profile.country
      : countries.includes(settings.geoip_selected_country)
        ? settings.geoip_selected_country
        : countries[0])
  );
}

/** The country, region and city chosen so far, with the regions and cities of /api/regions.php to choose from. */
function usePlaceChoice(initial: GeocodeResult | null) {
  const settings = useAtomValue(settingsAtom);
  const user = useAtomValue(userAtom);
  const countries = [...new Set([...settings.countries, ...(initial ? [initial.country] : [])])];
  const [country, setCountry] = useState(() => startCountry(countries, initial, user, settings));
  const [region, setRegion] = useState(initial?.region ?? '');
  const [city, setCity] = useState(initial?.city ?? '');
  const [otherCity, setOtherCity] = useState('');

  const { data, error, isLoading, mutate } = useApi(
    '/api/regions.php',
    { country, cities: 1 },
    {
      revalidateOnMount: true,
      dedupingInterval: 3_600_000,
    },
  );
  const regions = data?.regions[country] ?? [];
  const cities = (regions.find((r) => r.code === region)?.cities ?? []).map(cityName);
  // A geocoded city the list does not have is kept as "another place".
  useEffect(() => {
    if (city && city !== OTHER && cities.length && !cities.includes(city)) {
      setOtherCity(city);
      setCity(OTHER);
    }
  }, [city, cities]);

  const chooseCountry = (code: string) => {
    setCountry(code);
    setRegion('');
    setCity('');
  };
  const chooseRegion = (code: string) => {
    setRegion(code);
    setCity('');
  };
  const loading = isLoading && !data;
  return {
    countries,
    country,
    region,
    city,
    otherCity,
    regions,
    cities,
    error,
    loading,
    mutate,
    chooseCountry,
    chooseRegion,
    setCity,
    setOtherCity,
  };
}

/** Country, region and city by hand; the cities list has an "other place" for a place it does not know. */
export function ManualLocation({ notice, initial }: { notice: string | null; initial: GeocodeResult | null }) {
  const { t } = useTranslation();
  const { save } = useFlow();
  const form = useRef<HTMLFormElement>(null);
  const { errors, sending, run } = useFormState(form);
  const place = usePlaceChoice(initial);
  const { country, region, city, otherCity } = place;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(() => save({ step: 'location', country, region, city: city === OTHER ? otherCity : city }));
  };

  return (
    <form ref={form} onSubmit={submit} method="post" noValidate data-testid="signup-location-manual">
      {notice && <FormAlert tone="info" message={notice} />}
      <FormAlert message={errors._form} />
      <CountryAndRegionSelects place={place} errors={errors} />
      {place.error && <LoadError error={place.error} onRetry={() => void place.mutate()} />}
      <CityFields place={place} errors={errors} />
      <SubmitButton sending={sending}>{t('signup.next')}</SubmitButton>
    </form>
  );
}

type PlaceChoice = ReturnType<typeof usePlaceChoice>;

/** The country list (the brand's countries) and the chosen country's regions. */
function CountryAndRegionSelects({ place, errors }: { place: PlaceChoice; errors: FieldErrors }) {
  const { t } = useTranslation();
  const countryName = useCountryName();
  return (
    <>
      <SelectField
        label={t('signup.location.country')}
        name="country"
        value={place.country}
        error={errors.country}
        autoComplete="country"
        onChange={(e) => place.chooseCountry(e.target.value)}
      >
        {place.countries.map((code) => (
          <option key={code} value={code}>
            {countryName(code)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('signup.location.region')}
        name="region"
        value={place.region}
        error={errors.region}
        disabled={place.loading}
        onChange={(e) => place.chooseRegion(e.target.value)}
      >
        <option value="">{place.loading ? t('common.loading') : t('signup.location.choose')}</option>
        {place.regions.map((r) => (
          <option key={r.code} value={r.code}>
            {r.name}
          </option>
        ))}
      </SelectField>
    </>
  );
}

/** The chosen region's cities, and the name of another place when the member picks "other place". */
function CityFields({ place, errors }: { place: PlaceChoice; errors: FieldErrors }) {
  const { t } = useTranslation();
  const { city } = place;
  return (
    <>
      <SelectField
        label={t('signup.location.city')}
        name="city"
        value={city}
        error={city === OTHER ? undefined : errors.city}
        disabled={!place.region}
        onChange={(e) => place.setCity(e.target.value)}
      >
        <option value="">{t('signup.location.choose')}</option>
        {place.cities.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
        <option value={OTHER}>{t('signup.location.other_city')}</option>
      </SelectField>
      {city === OTHER && (
        <TextField
          label={t('signup.location.other_city_name')}
          name="other_city"
          value={place.otherCity}
          maxLength={80}
          autoComplete="address-level2"
          onChange={(e) => place.setOtherCity(e.target.value)}
          error={errors.city}
        />
      )}
    </>
  );
}
