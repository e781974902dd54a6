import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n';
import { useCountryName } from '../../lib/country-name';
import { ApiError } from '../../api/fetch-client';
import { useApi } from '../../api/call';
import { FormAlert, SelectField, SubmitButton, TextField, useFormState } from '../../screens/account/ui';
import { useHydrated } from '../../lib/hydrated';
import { settingsAtom, userAtom } from '../../state/atoms';
import { useFlow } from './context';
import { currentPosition, geoPermission, geocode, type GeocodeResult, type GeoPermission } from './geolocation';
import { Icon } from '../icon';

type Phase = 'ask' | 'locating' | 'found' | 'manual';
const OTHER = '__other__';

/** A country's name in the member's language, from the browser's own data (no catalogue needed). */
/**
 * Step 3: where the member lives. The browser's position (permission unsupported, unknown, prompt, granted or
 * denied; a position younger than an hour comes from the cache) is turned into a place by /api/geocode.php, and
 * the member confirms it; otherwise, or by choice, country, region and city are picked from /api/regions.php.
 */
export function LocationStep() {
  const { t } = useTranslation();
  const { save } = useFlow();
  const hydrated = useHydrated();
  const [permission, setPermission] = useState<GeoPermission>('unknown');
  const [phase, setPhase] = useState<Phase>('ask');
  const [found, setFound] = useState<GeocodeResult | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { errors, sending, run } = useFormState();
  const countryName = useCountryName();

  const locate = async () => {
    setPhase('locating');
    setNotice(null);
    try {
      const place = await geocode(await currentPosition());
      setFound(place);
      setPhase('found');
    } catch (error) {
      const denied =
        typeof GeolocationPositionError !== 'undefined' &&
        error instanceof GeolocationPositionError &&
        error.code === error.PERMISSION_DENIED;
      if (denied) setPermission('denied');
      setNotice(denied ? t('signup.location.denied') : t('signup.location.failed'));
      setPhase('manual');
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the permission is asked once when the step opens
  useEffect(() => {
    let live = true;
    void geoPermission().then((state) => {
      if (!live) return;
      setPermission(state);
      // Asking needs a click; a position already allowed is used at once.
      if (state === 'granted') void locate();
      if (state === 'unsupported' || state === 'denied') {
        setNotice(t(`signup.location.${state}`));
        setPhase('manual');
      }
    });
    return () => {
      live = false;
    };
  }, []);

  if (phase === 'manual') {
    return <ManualLocation notice={notice} initial={found} />;
  }

  return (
    <div data-testid="signup-location">
      <p className="mt-0 text-gray-700">{t('signup.location.intro')}</p>
      {phase === 'found' && found ? (
        <>
          <p className="rounded-lg bg-gray-50 p-3 text-lg font-semibold text-gray-900 ring-1 ring-black/5" data-testid="location-found">
            <Icon name="i-lucide-map-pin" />{' '}
            {t('signup.location.found', { place: [found.city, found.region_name, countryName(found.country)].filter(Boolean).join(', ') })}
          </p>
          <FormAlert message={errors._form ?? errors.city ?? errors.region ?? errors.country} />
          <div className="flex flex-col gap-2">
            <button
              type="button"
              className="btn btn-primary box-border w-full py-3 text-base disabled:opacity-60"
              disabled={sending}
              aria-busy={sending || undefined}
              onClick={() => void run(() => save({ step: 'location', country: found.country, region: found.region, city: found.city }))}
            >
              {sending ? t('account.sending') : t('signup.location.confirm')}
            </button>
            <button
              type="button"
              className="btn btn-outline border-solid box-border w-full py-3 text-base"
              onClick={() => setPhase('manual')}
              disabled={sending}
            >
              {t('signup.location.choose_other')}
            </button>
          </div>
        </>
      ) : (
        <div className="flex flex-col gap-2">
          <button
            type="button"
            className="btn btn-primary box-border w-full py-3 text-base disabled:opacity-60"
            onClick={() => void locate()}
            disabled={!hydrated || phase === 'locating'}
            aria-busy={phase === 'locating' || undefined}
            data-testid="use-location"
          >
            <Icon name="i-lucide-map-pin" /> {phase === 'locating' ? t('signup.location.locating') : t('signup.location.use_location')}
          </button>
          {permission === 'prompt' && <p className="m-0 text-center text-xs text-gray-500">{t('signup.location.prompt_hint')}</p>}
          <button
            type="button"
            className="btn btn-outline border-solid box-border w-full py-3 text-base"
            onClick={() => setPhase('manual')}
            disabled={!hydrated}
            data-testid="choose-location"
          >
            {t('signup.location.choose_manually')}
          </button>
        </div>
      )}
    </div>
  );
}

function cityName(city: string | { name: string }): string {
  return typeof city === 'string' ? city : city.name;
}

/** Country, region and city by hand; the cities list has an "other place" for a place it does not know. */
function ManualLocation({ notice, initial }: { notice: string | null; initial: GeocodeResult | null }) {
  const { t } = useTranslation();
  const { save } = useFlow();
  const settings = useAtomValue(settingsAtom);
  const user = useAtomValue(userAtom);
  const countryName = useCountryName();
  const form = useRef<HTMLFormElement>(null);
  const { errors, sending, run } = useFormState(form);

  const countries = [...new Set([...settings.countries, ...(initial ? [initial.country] : [])])];
  const startCountry =
    initial?.country ??
    (countries.includes(user?.profile.country ?? '')
      ? user!.profile.country
      : countries.includes(settings.geoip_selected_country)
        ? settings.geoip_selected_country
        : countries[0]);
  const [country, setCountry] = useState(startCountry);
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(() => save({ step: 'location', country, region, city: city === OTHER ? otherCity : city }));
  };

  return (
    <form ref={form} onSubmit={submit} method="post" noValidate data-testid="signup-location-manual">
      {notice && <FormAlert tone="info" message={notice} />}
      <FormAlert message={errors._form} />
      <SelectField
        label={t('signup.location.country')}
        name="country"
        value={country}
        error={errors.country}
        autoComplete="country"
        onChange={(e) => {
          setCountry(e.target.value);
          setRegion('');
          setCity('');
        }}
      >
        {countries.map((code) => (
          <option key={code} value={code}>
            {countryName(code)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('signup.location.region')}
        name="region"
        value={region}
        error={errors.region}
        disabled={isLoading && !data}
        onChange={(e) => {
          setRegion(e.target.value);
          setCity('');
        }}
      >
        <option value="">{isLoading && !data ? t('common.loading') : t('signup.location.choose')}</option>
        {regions.map((r) => (
          <option key={r.code} value={r.code}>
            {r.name}
          </option>
        ))}
      </SelectField>
      {error && (
        <FormAlert message={error instanceof ApiError ? error.message : t('errors.generic')}>
          {' '}
          <button type="button" className="border-0 bg-transparent p-0 font-semibold text-danger underline" onClick={() => void mutate()}>
            {t('account.retry')}
          </button>
        </FormAlert>
      )}
      <SelectField
        label={t('signup.location.city')}
        name="city"
        value={city}
        error={city === OTHER ? undefined : errors.city}
        disabled={!region}
        onChange={(e) => setCity(e.target.value)}
      >
        <option value="">{t('signup.location.choose')}</option>
        {cities.map((name) => (
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
          value={otherCity}
          maxLength={80}
          autoComplete="address-level2"
          onChange={(e) => setOtherCity(e.target.value)}
          error={errors.city}
        />
      )}
      <SubmitButton sending={sending}>{t('signup.next')}</SubmitButton>
    </form>
  );
}
