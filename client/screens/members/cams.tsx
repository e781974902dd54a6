import { useAtomValue } from 'jotai';
import { useTranslation } from '../../i18n';
import { camsPath } from '../../../core/member-urls';
import type { CamPerformer, CamsResponse } from '../../../core/schemas/cams';
import { useApi } from '../../api/call';
import { imageUrl } from '../../../core/image-url';
import { usePageTitle } from '../../lib/page-title';
import { settingsAtom } from '../../state/atoms';
import { gridPhotoLoad, type PhotoLoad, photoLoadProps } from '../../components/photo-load';
import { useCountryName } from '../../lib/country-name';

// Live states change by the minute: the listing refreshes while it is open. Without the server's answer (a client-side
// navigation) it loads at once; SWRConfig's revalidateOnMount: false is for pages the server filled.
const REFRESH_MS = 60_000;

/** /cams: the cam-profile listing of the brand's cam partner (SPEC.md §2), in the brand's variant (core/schemas/cams.ts). */
export function CamsScreen() {
  const { t } = useTranslation();
  const settings = useAtomValue(settingsAtom);
  // The server loader fills CAMS_URL (core/member-urls.ts): the same call without a query.
  const { data, error } = useApi('/api/cams.php', {}, { refreshInterval: REFRESH_MS, revalidateOnMount: undefined });
  usePageTitle(data ? `${t(`cams.title_${data.variant}`, { partner: data.partner })} · ${settings.name}` : null);

  return (
    <div className="container mx-auto px-3 py-6" data-testid="cams" data-variant={data?.variant}>
      {error && (
        <p className="alert alert-danger" role="alert">
          {error.message}
        </p>
      )}
      {!data && !error && (
        <p className="text-gray-500" role="status">
          {t('common.loading')}
        </p>
      )}
      {data && (
        <>
          <h1 className="m-0 text-2xl font-bold">{t(`cams.title_${data.variant}`, { partner: data.partner })}</h1>
          <p className="mt-2 max-w-3xl text-gray-700">{t(`cams.intro_${data.variant}`, { partner: data.partner, brand: settings.name })}</p>
          <p className="mt-1 text-sm text-gray-600" aria-live="polite" data-testid="cams-live-count">
            {t('cams.live_count', { live: data.live_count })}
          </p>
          <ul className="m-0 mt-4 grid grid-cols-2 gap-3 p-0 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6" data-testid="cam-cards">
            {data.performers.map((p, i) => (
              <CamCard key={p.id} performer={p} response={data} load={gridPhotoLoad(i)} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** A performer's card. It names the partner on the card itself: these are not members of the brand. */
function CamCard({ performer: p, response, load }: { performer: CamPerformer; response: CamsResponse; load: PhotoLoad }) {
  const { t } = useTranslation();
  const countryName = useCountryName();
  const settings = useAtomValue(settingsAtom);
  const hours = Math.floor(p.starts_in_minutes / 60);
  const when = hours > 0 ? t('cams.starts_in_hours', { hours }) : t('cams.starts_in_minutes', { minutes: p.starts_in_minutes });
  const action =
    response.variant === 'resell' ? t('cams.go_resell', { partner: response.partner }) : p.live ? t('cams.go_live') : t('cams.go_room');
  return (
    <li className="list-none" data-testid="cam-card" data-live={p.live}>
      <a
        href={camsPath(p.id)}
        rel="sponsored nofollow"
        className="group block overflow-hidden rounded-xl bg-white text-gray-900 no-underline shadow-sm ring-1 ring-black/5 hover:shadow-md"
      >
        <div className="relative aspect-[4/5] bg-gray-200">
          <img
            src={imageUrl(settings.cdn_prefix, p.image)}
            alt={t('profile.photo_of', { name: p.name })}
            width={320}
            height={400}
            {...photoLoadProps(load)}
            decoding="async"
            className="h-full w-full object-cover"
          />
          <span
            className={`absolute left-2 top-2 rounded-full px-2 py-0.5 text-xs font-semibold text-white ${p.live ? 'bg-danger' : 'bg-black/70'}`}
          >
            {p.live ? t('cams.live') : when}
          </span>
        </div>
        <div className="px-3 py-2">
          <p className="m-0 truncate font-semibold">
            {p.name}, {p.age}
          </p>
          <p className="m-0 truncate text-sm text-gray-600">{countryName(p.country)}</p>
          <p className="m-0 truncate text-xs text-gray-600" data-testid="cam-partner-label">
            {t('cams.performer_of', { partner: response.partner })}
          </p>
          <span className="btn btn-primary mt-2 w-full text-sm">{action}</span>
        </div>
      </a>
    </li>
  );
}
