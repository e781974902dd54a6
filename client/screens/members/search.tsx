import { useAtomValue, useStore } from 'jotai';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n';
import { searchPagePath, searchParamsFrom, searchQuery, searchUrl, type SearchParams } from '../../../core/member-urls';
import { SEARCH_PAGE_SIZE } from '../../../core/constants';
import type { SearchResponse } from '../../../core/schemas/search';
import { useApi } from '../../api/call';
import { ApiError } from '../../api/fetch-client';
import { AgeRange } from '../../components/age-range';
import { Icon } from '../../components/icon';
import { ProfileCard } from '../../components/profile-card';
import { gridPhotoLoad } from '../../components/photo-load';
import { Link, navigate } from '../../navigation';
import { routeAtom, settingsAtom } from '../../state/atoms';
import { useRegions } from '../../api/reference';
import { useCountryName } from '../../lib/country-name';
import { useSearchMemory } from './search-memory';

/** /members: the members' search with filters, a page of cards, paging, and similar profiles when few match. */
export function SearchScreen() {
  const { t } = useTranslation();
  const store = useStore();
  const route = useAtomValue(routeAtom);
  const camPartner = useAtomValue(settingsAtom).brand.cam_partner;
  const params = searchParamsFrom(route.search);
  const { data, error, isValidating } = useApi('/api/search.php', searchQuery(params), {
    keepPreviousData: true,
    revalidateOnMount: undefined,
  });
  useSearchMemory(route.search, data);
  // The form holds a range the search cannot run: the results below belong to the previous filter, so they go.
  const [formInvalid, setFormInvalid] = useState(false);

  const go = (next: SearchParams) => navigate(store, searchPagePath(next));
  const pages = data ? Math.max(1, Math.ceil(data.num_results / SEARCH_PAGE_SIZE)) : 1;
  return (
    <div className="container mx-auto px-3 py-6">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="m-0 text-2xl font-bold">{t('search.title')}</h1>
        {camPartner && (
          <Link href="/cams" data-testid="cams-link" className="inline-flex items-center gap-1">
            <Icon name="i-lucide-video" />
            {t('cams.link', { partner: camPartner })}
          </Link>
        )}
      </div>
      {data && (
        <Filters
          key={searchUrl(data.filter)}
          filter={data.filter}
          sort={String(params.sort ?? 'active')}
          onSearch={go}
          ageError={ageRangeError(error)}
          onInvalid={setFormInvalid}
        />
      )}
      {(error || formInvalid) && (
        <p className="alert alert-danger" role="alert" data-testid="search-error">
          {error ? error.message : t('validation.failed')}
        </p>
      )}
      {/* A refused search shows no results: the previous ones would pass for the answer to the new filter. */}
      {data && !error && !formInvalid && (
        <section aria-labelledby="results-title" aria-busy={isValidating} data-testid="search-results">
          <h2 id="results-title" className="m-0 my-3 text-lg font-semibold" aria-live="polite">
            {data.capped ? t('search.results_capped', { count: data.num_results }) : t('search.results', { count: data.num_results })}
          </h2>
          {data.results.length === 0 && <p>{t('search.no_results')}</p>}
          <CardGrid profiles={data.results} testId="result-cards" leads />
          {pages > 1 && <Pager page={data.page} pages={pages} onPage={(page) => go({ ...params, page })} />}
          {data.similar && data.similar.results.length > 0 && (
            <SimilarResults profiles={data.similar.results} leads={data.results.length === 0} />
          )}
        </section>
      )}
    </div>
  );
}

/** A grid of cards; `leads` when it is the first thing of its page (its first row is the page's largest paint). */
export function CardGrid({ profiles, testId, leads = false }: { profiles: SearchResponse['results']; testId?: string; leads?: boolean }) {
  return (
    <ul data-testid={testId} className="m-0 grid grid-cols-2 gap-3 p-0 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6">
      {profiles.map((p, i) => (
        <ProfileCard key={p.id} profile={p} load={gridPhotoLoad(i, leads)} />
      ))}
    </ul>
  );
}

/** Previous and next page, and where the member is. */
function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  return (
    <nav className="mt-5 flex items-center justify-center gap-3" aria-label={t('search.page', { page, pages })}>
      <button type="button" className="btn btn-light" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('search.prev')}
      </button>
      <span>{t('search.page', { page, pages })}</span>
      <button type="button" className="btn btn-light" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('search.next')}
      </button>
    </nav>
  );
}

/** The similar profiles the server adds when few match the filter. */
function SimilarResults({ profiles, leads }: { profiles: SearchResponse['results']; leads: boolean }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="similar-title" className="mt-8" data-testid="similar-results">
      <h2 id="similar-title" className="m-0 text-lg font-semibold">
        {t('search.similar_title')}
      </h2>
      <p className="mt-1 text-gray-600">{t('search.similar_text')}</p>
      <CardGrid profiles={profiles} leads={leads} />
    </section>
  );
}

/** The filter names of the brand setting search_fields (SPEC.md §3: gender, country, countryregion, age). */
type SearchField = 'gender' | 'country' | 'countryregion' | 'age';

/** The server's word on the age fields of a refused search (a typed or stale address), to mark them. */
function ageRangeError(error: unknown): string | null {
  const fields = error instanceof ApiError ? error.fields : undefined;
  return fields?.max_age ?? fields?.min_age ?? null;
}

function Filters({
  filter,
  sort,
  onSearch,
  ageError,
  onInvalid,
}: {
  filter: SearchResponse['filter'];
  sort: string;
  onSearch: (p: SearchParams) => void;
  ageError: string | null;
  onInvalid: (invalid: boolean) => void;
}) {
  const { t } = useTranslation();
  // An impossible range is caught here, before any request: the fields say what is wrong (issue 46, item 6).
  const [ownAgeError, setOwnAgeError] = useState<string | null>(null);
  const countryName = useCountryName();
  const settings = useAtomValue(settingsAtom);
  // The country picked in the form, before submitting: its regions load at once.
  const [country, setCountry] = useState(filter.country);
  const { data: regions } = useRegions(country);
  // The brand's search_fields (SPEC.md §3) decide which filters show; the server's defaults fill in the others.
  const shows = (field: SearchField) => settings.search_fields.includes(field);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    if (Number(form.get('min_age')) > Number(form.get('max_age'))) {
      setOwnAgeError(t('validation.age_range'));
      onInvalid(true);
      event.currentTarget.querySelector<HTMLElement>('[name="min_age"]')?.focus();
      return;
    }
    setOwnAgeError(null);
    onInvalid(false);
    onSearch(Object.fromEntries(['gender', 'country', 'region', 'min_age', 'max_age', 'sort'].map((k) => [k, String(form.get(k) ?? '')])));
  };
  return (
    <form
      role="search"
      onSubmit={submit}
      className="flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-black/5"
      data-testid="search-filters"
    >
      {shows('gender') && (
        <label className="field">
          <span>{t('search.looking_for')}</span>
          <select name="gender" defaultValue={filter.gender}>
            <option value="female">{t('search.women')}</option>
            <option value="male">{t('search.men')}</option>
          </select>
        </label>
      )}
      {shows('country') && settings.countries.length > 1 && (
        <label className="field">
          <span>{t('search.country')}</span>
          <select name="country" value={country} onChange={(e) => setCountry(e.target.value)}>
            {settings.countries.map((c) => (
              <option key={c} value={c}>
                {countryName(c)}
              </option>
            ))}
          </select>
        </label>
      )}
      {!(shows('country') && settings.countries.length > 1) && <input type="hidden" name="country" value={country} />}
      {shows('countryregion') && (
        <label className="field">
          <span>{t('search.region')}</span>
          {/* A fixed width: the regions arrive after the form is shown, and a select as wide as its longest name
              would push every field after it aside. */}
          <select name="region" defaultValue={country === filter.country ? (filter.region ?? '') : ''} key={country} className="w-44">
            <option value="">{t('search.any_region')}</option>
            {regions?.regions[country]?.map((r) => (
              <option key={r.code} value={r.code}>
                {r.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {shows('age') && <AgeRange min={filter.min_age} max={filter.max_age} error={ownAgeError ?? ageError} />}
      <label className="field">
        <span>{t('search.sort')}</span>
        <select name="sort" defaultValue={sort}>
          <option value="active">{t('search.sort_active')}</option>
          <option value="young">{t('search.sort_young')}</option>
          <option value="old">{t('search.sort_old')}</option>
        </select>
      </label>
      <button type="submit" className="btn btn-primary">
        {t('search.submit')}
      </button>
    </form>
  );
}
