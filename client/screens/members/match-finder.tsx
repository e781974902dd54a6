import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n';
import type { InterestOption } from '../../../core/schemas/reference';
import type { MatchFinderResponse } from '../../../core/schemas/members';
import { ApiError } from '../../api/fetch-client';
import { apiGet, type QueryOfCall } from '../../api/typed-fetch';
import { useApi } from '../../api/call';
import { lookingFor } from '../../../core/rules/search-defaults';
import { AgeRange } from '../../components/age-range';
import { ProfileCard } from '../../components/profile-card';
import { useInterests } from '../../api/reference';

const MAX_INTERESTS = 10;

/** /match-finder: a few questions (whom, what age, nearby, shared interests), then the best matching profiles. */
export function MatchFinderScreen() {
  const { t } = useTranslation();
  const { data: interests } = useInterests();
  const { data: own } = useApi('/api/my-profile.php', {}, { revalidateOnMount: true });
  const [chosen, setChosen] = useState<string[]>([]);
  const { result, error, busy, find } = useMatchFinder();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const query = {
      gender: String(form.get('gender')),
      min_age: String(form.get('min_age')),
      max_age: String(form.get('max_age')),
      nearby: form.get('nearby') ? '1' : '0',
      interests: chosen.join(','),
    };
    await find(query);
  };
  const toggle = (slug: string) =>
    setChosen((c) => (c.includes(slug) ? c.filter((s) => s !== slug) : c.length < MAX_INTERESTS ? [...c, slug] : c));

  return (
    <div className="container mx-auto px-3 py-6" data-testid="match-finder">
      <h1 className="m-0 text-2xl font-bold">{t('match_finder.title')}</h1>
      <p className="mt-1 text-gray-600">{t('match_finder.intro')}</p>
      <form onSubmit={submit} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-black/5">
        <div className="flex flex-wrap items-end gap-3">
          <label className="field">
            <span>{t('search.looking_for')}</span>
            <select
              name="gender"
              key={own ? 'own' : 'none'}
              defaultValue={own ? lookingFor(own.profile.gender, own.profile.sexuality) : 'female'}
            >
              <option value="female">{t('search.women')}</option>
              <option value="male">{t('search.men')}</option>
            </select>
          </label>
          <AgeRange min={25} max={45} />
          <label className="flex items-center gap-2">
            <input type="checkbox" name="nearby" /> {t('match_finder.nearby')}
          </label>
        </div>
        <InterestChoice interests={interests?.interests} chosen={chosen} onToggle={toggle} />
        <button type="submit" className="btn btn-primary mt-4" disabled={busy}>
          {result ? t('match_finder.again') : t('match_finder.submit')}
        </button>
      </form>
      {error && (
        <p className="alert alert-danger mt-3" role="alert">
          {error}
        </p>
      )}
      {result && <MatchResults result={result} />}
    </div>
  );
}

/** Asks the match finder, one question at a time: its answer, or the failure to show. */
function useMatchFinder() {
  const { t } = useTranslation();
  const [result, setResult] = useState<MatchFinderResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const find = async (query: QueryOfCall<'/api/match-finder.php'>) => {
    setBusy(true);
    setError(null);
    try {
      setResult(await apiGet('/api/match-finder.php', query));
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('errors.generic'));
    } finally {
      setBusy(false);
    }
  };
  return { result, error, busy, find };
}

/** The interests as toggle buttons, at most MAX_INTERESTS chosen. */
function InterestChoice({
  interests,
  chosen,
  onToggle,
}: {
  interests: InterestOption[] | undefined;
  chosen: string[];
  onToggle: (slug: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="mt-4 border-0 p-0">
      <legend className="mb-2 font-semibold">{t('match_finder.interests')}</legend>
      <div className="flex flex-wrap gap-2">
        {interests?.map((i) => (
          <button
            key={i.slug}
            type="button"
            aria-pressed={chosen.includes(i.slug)}
            onClick={() => onToggle(i.slug)}
            className={`cursor-pointer rounded-full border border-solid px-3 py-1 text-sm ${chosen.includes(i.slug) ? 'border-primary bg-primary text-white' : 'border-gray-300 bg-white text-gray-800'}`}
          >
            {i.icon} {i.name}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/** The best matching profiles, each with how many interests it shares. */
function MatchResults({ result }: { result: MatchFinderResponse }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="mf-results" className="mt-6" data-testid="match-finder-results">
      <h2 id="mf-results" className="m-0 mb-3 text-xl font-bold">
        {t('match_finder.results')}
      </h2>
      {result.profiles.length === 0 && <p>{t('match_finder.no_results')}</p>}
      <ul className="m-0 grid grid-cols-2 gap-3 p-0 sm:grid-cols-3 lg:grid-cols-4">
        {result.profiles.map((p) => (
          <ProfileCard
            key={p.id}
            profile={p}
            badge={p.shared_interests.length ? t('match_finder.shared', { count: p.shared_interests.length }) : undefined}
          />
        ))}
      </ul>
    </section>
  );
}
