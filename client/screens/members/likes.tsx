import { useAtomValue } from 'jotai';
import { useTranslation } from '../../i18n';
import type { LikeType } from '../../../core/schemas/members';
import { useApi } from '../../api/call';
import { ProfileCard } from '../../components/profile-card';
import { Link } from '../../navigation';
import { routeAtom } from '../../state/atoms';

const TABS: LikeType[] = ['received', 'given', 'matches'];

/** /likes and /likes/{type}: who liked the member (new first), whom they liked, and their matches. */
export function LikesScreen() {
  const { t } = useTranslation();
  const type = (useAtomValue(routeAtom).params.type as LikeType | undefined) ?? 'received';
  const { data, error } = useApi('/api/likes.php', {}, { revalidateOnMount: true });
  const lists = data && {
    received: data.liked_by,
    given: data.profiles.map((p) => ({ ...p, like_new: false })),
    matches: data.liked_by.filter((p) => p.match),
  };
  const list = lists?.[type] ?? [];
  return (
    <div className="container mx-auto px-3 py-6" data-testid="likes">
      <h1 className="m-0 mb-4 text-2xl font-bold">{t('likes.title')}</h1>
      <nav className="mb-5 flex flex-wrap gap-2" aria-label={t('likes.title')}>
        {TABS.map((tab) => (
          <Link
            key={tab}
            href={`/likes/${tab}`}
            aria-current={tab === type ? 'page' : undefined}
            className={`btn ${tab === type ? 'btn-primary' : 'btn-light'}`}
          >
            {t(`likes.${tab}`)}
            {lists ? ` (${lists[tab].length})` : ''}
          </Link>
        ))}
      </nav>
      {error && (
        <p className="alert alert-danger" role="alert">
          {error.message}
        </p>
      )}
      {!data && !error && (
        <p role="status" className="text-gray-600">
          {t('common.loading')}
        </p>
      )}
      {data && list.length === 0 && <p>{t(`likes.empty_${type}`)}</p>}
      <ul className="m-0 grid grid-cols-2 gap-3 p-0 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6">
        {list.map((p) => (
          <ProfileCard
            key={p.id}
            profile={p}
            href={`/likes/m/${p.id}`}
            badge={p.like_new ? t('likes.new') : p.match ? t('likes.match') : undefined}
          />
        ))}
      </ul>
    </div>
  );
}
