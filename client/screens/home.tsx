import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useTranslation } from '../i18n';
import { useEffect, useState, type FormEvent } from 'react';
import { apiUrl, featuredParams } from '../../core/api-urls';
import { canSearchLoggedOut } from '../../core/rules/visitor';
import { type AnswerOf, apiGet, type QueryOfCall } from '../api/typed-fetch';
import { ProfileCard } from '../components/profile-card';
import { gridPhotoLoad } from '../components/photo-load';
import { Link, navigate } from '../navigation';
import { fallbackAtom, routeAtom, settingsAtom, signupModalAtom, trafficSourceAtom } from '../state/atoms';
import { Icon } from '../components/icon';
import { AgeRange } from '../components/age-range';
import { MAX_AGE, MIN_AGE } from '../../core/constants';

type Featured = AnswerOf<'get', '/api/featured.php'>;

/**
 * The home sample for a query: the server's answer when the page was loaded with it (under apiUrl's key, as
 * useApi's), else fetched. A small hook of its own instead of SWR (useApi), which would cost the home page's
 * first JavaScript about 4 KiB (it reads with client/api/typed-fetch.ts, which has no SWR: client/api/call.ts has,
 * and would take the home page from 82.6 to 89.5 KiB gzip by scripts/client-weight.mjs).
 */
function useFeatured(query: QueryOfCall<'/api/featured.php'>): { data?: Featured; error?: Error } {
  const url = apiUrl('/api/featured.php', query);
  const preloaded = useAtomValue(fallbackAtom)[url] as Featured | undefined;
  const [loaded, setLoaded] = useState<{ url: string; data?: Featured; error?: Error }>({ url, data: preloaded });
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new url loads; the loaded state itself must not restart the request
  useEffect(() => {
    if (loaded.url === url && loaded.data) return;
    let live = true;
    apiGet('/api/featured.php', query).then(
      (data) => live && setLoaded({ url, data }),
      (error: Error) => live && setLoaded((previous) => ({ ...previous, url, error })),
    );
    return () => {
      live = false;
    };
  }, [url]);
  // While a new filter loads, the previous cards stay.
  return { data: loaded.data, error: loaded.url === url ? loaded.error : undefined };
}

/** The visitor's home page: the brand, a clear way in, real profiles of the brand, and the search entry. */
export function HomeScreen() {
  const { t } = useTranslation();
  const settings = useAtomValue(settingsAtom);
  const route = useAtomValue(routeAtom);
  const openSignup = useSetAtom(signupModalAtom);
  const searchAllowed = canSearchLoggedOut(settings, useAtomValue(trafficSourceAtom));
  const { data, error } = useFeatured(featuredParams(route.search));

  return (
    <>
      <section className="hero text-white">
        <div className="container mx-auto px-3 py-10 md:py-16">
          <h1 className="m-0 text-3xl font-extrabold md:text-5xl">{settings.brand.tagline}</h1>
          <p className="mt-3 max-w-2xl text-lg text-white/90">{settings.description}</p>
          <div className="mt-6 flex flex-wrap gap-3">
            {/* A link the Worker answers (the signup page) until the script has arrived; then the signup dialog. */}
            <a
              href="/signup"
              className="btn btn-light btn-lg"
              onClick={(event) => {
                event.preventDefault();
                openSignup(true);
              }}
              data-testid="cta-signup"
            >
              {t('home.cta_signup')}
            </a>
          </div>
          <ul className="mt-6 flex list-none flex-wrap gap-x-6 gap-y-1 p-0 text-sm text-white/90">
            <li className="flex items-center gap-1">
              <Icon name="i-lucide-check" />
              {t('home.point_free')}
            </li>
            <li className="flex items-center gap-1">
              <Icon name="i-lucide-check" />
              {t('home.point_discreet')}
            </li>
            <li className="flex items-center gap-1">
              <Icon name="i-lucide-check" />
              {t('home.point_premium', { percent: 46 })}
            </li>
          </ul>
        </div>
      </section>

      <section className="container mx-auto px-3 py-8" aria-labelledby="profiles-title">
        <h2 id="profiles-title" className="m-0 mb-4 text-2xl font-bold">
          {t('home.profiles_title')}
        </h2>
        {searchAllowed && <SearchEntry />}
        {error && (
          <p className="alert alert-danger" role="alert">
            {error.message}
          </p>
        )}
        {data && data.profiles.length === 0 && <p>{t('home.no_results')}</p>}
        <ul className="m-0 grid grid-cols-2 gap-3 p-0 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6" data-testid="profile-grid">
          {data?.profiles.map((p, i) => (
            <ProfileCard key={p.id} profile={p} load={gridPhotoLoad(i)} />
          ))}
        </ul>
        <div className="mt-6 text-center">
          <button type="button" className="btn btn-primary btn-lg" onClick={() => openSignup(true)}>
            {t('home.cta_more')}
          </button>
        </div>
      </section>
    </>
  );
}

/** Gender and age filters; the results are the grid above, addressed by the page URL so they can be shared. */
function SearchEntry() {
  const { t } = useTranslation();
  const store = useStore();
  const params = new URLSearchParams(useAtomValue(routeAtom).search);
  // The brand's search_fields decide which filters show (SPEC.md §3), as on the members' search.
  const fields = useAtomValue(settingsAtom).search_fields;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const query = new URLSearchParams();
    for (const key of ['gender', 'min_age', 'max_age']) {
      const value = String(form.get(key) ?? '');
      if (value) query.set(key, value);
    }
    navigate(store, `/?${query}#search`);
  };
  return (
    <form
      id="search"
      onSubmit={submit}
      className="mb-5 flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-black/5"
      role="search"
    >
      {fields.includes('gender') && (
        <label className="field">
          <span>{t('search.looking_for')}</span>
          <select name="gender" defaultValue={params.get('gender') ?? 'female'}>
            <option value="female">{t('search.women')}</option>
            <option value="male">{t('search.men')}</option>
          </select>
        </label>
      )}
      {fields.includes('age') && <AgeRange min={params.get('min_age') ?? MIN_AGE} max={params.get('max_age') ?? MAX_AGE} />}
      <button type="submit" className="btn btn-primary">
        {t('search.submit')}
      </button>
      {/* Country, region and paging: the members' search page, open to visitors where the brand allows it. */}
      <Link href={`/members${params.size ? `?${params}` : ''}`} className="self-center" data-testid="advanced-search">
        {t('search.advanced')}
      </Link>
    </form>
  );
}
