import { useEffect, useState } from 'react';
import { useTranslation, type TFunction } from '../../i18n';
import { useCountryName } from '../../lib/country-name';
import { FormAlert, useFormState } from '../form-ui';
import type { FieldErrors } from '../../lib/validate';
import { useHydrated } from '../../lib/hydrated';
import { useFlow } from './context';
import { currentPosition, geoPermission, geocode, type GeocodeResult, type GeoPermission } from './geolocation';
import { ManualLocation } from './manual-location';
import { Icon } from '../icon';

type Phase = 'ask' | 'locating' | 'found' | 'manual';

/** The browser's position turned into a place: the permission is asked once when the step opens. */
function useBrowserLocation(t: TFunction) {
  const [permission, setPermission] = useState<GeoPermission>('unknown');
  const [phase, setPhase] = useState<Phase>('ask');
  const [found, setFound] = useState<GeocodeResult | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

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

  return { permission, phase, setPhase, found, notice, locate };
}

/**
 * Step 3: where the member lives. The browser's position (permission unsupported, unknown, prompt, granted or
 * denied; a position younger than an hour comes from the cache) is turned into a place by /api/geocode.php, and
 * the member confirms it; otherwise, or by choice, country, region and city are picked from /api/regions.php.
 */
export function LocationStep() {
  const { t } = useTranslation();
  const { save } = useFlow();
  const hydrated = useHydrated();
  const { permission, phase, setPhase, found, notice, locate } = useBrowserLocation(t);
  const { errors, sending, run } = useFormState();

  if (phase === 'manual') {
    return <ManualLocation notice={notice} initial={found} />;
  }

  return (
    <div data-testid="signup-location">
      <p className="mt-0 text-gray-700">{t('signup.location.intro')}</p>
      {phase === 'found' && found ? (
        <FoundPlace
          found={found}
          errors={errors}
          sending={sending}
          onConfirm={() => void run(() => save({ step: 'location', country: found.country, region: found.region, city: found.city }))}
          onOther={() => setPhase('manual')}
        />
      ) : (
        <LocateButtons
          locating={phase === 'locating'}
          permission={permission}
          hydrated={hydrated}
          onLocate={() => void locate()}
          onManual={() => setPhase('manual')}
        />
      )}
    </div>
  );
}

interface FoundPlaceProps {
  found: GeocodeResult;
  errors: FieldErrors;
  sending: boolean;
  onConfirm: () => void;
  onOther: () => void;
}

/** The place the position points to, to confirm or to replace by a place picked by hand. */
function FoundPlace({ found, errors, sending, onConfirm, onOther }: FoundPlaceProps) {
  const { t } = useTranslation();
  const countryName = useCountryName();
  return (
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
          onClick={onConfirm}
        >
          {sending ? t('account.sending') : t('signup.location.confirm')}
        </button>
        <button
          type="button"
          className="btn btn-outline border-solid box-border w-full py-3 text-base"
          onClick={onOther}
          disabled={sending}
        >
          {t('signup.location.choose_other')}
        </button>
      </div>
    </>
  );
}

interface LocateButtonsProps {
  locating: boolean;
  permission: GeoPermission;
  hydrated: boolean;
  onLocate: () => void;
  onManual: () => void;
}

/** Use the browser's position (it takes a click to ask for it) or pick the place by hand. */
function LocateButtons({ locating, permission, hydrated, onLocate, onManual }: LocateButtonsProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        className="btn btn-primary box-border w-full py-3 text-base disabled:opacity-60"
        onClick={onLocate}
        disabled={!hydrated || locating}
        aria-busy={locating || undefined}
        data-testid="use-location"
      >
        <Icon name="i-lucide-map-pin" /> {locating ? t('signup.location.locating') : t('signup.location.use_location')}
      </button>
      {permission === 'prompt' && <p className="m-0 text-center text-xs text-gray-500">{t('signup.location.prompt_hint')}</p>}
      <button
        type="button"
        className="btn btn-outline border-solid box-border w-full py-3 text-base"
        onClick={onManual}
        disabled={!hydrated}
        data-testid="choose-location"
      >
        {t('signup.location.choose_manually')}
      </button>
    </div>
  );
}
