import { useEffect, useRef, useState } from 'react';
import { REJECT_REASONS, type RejectReason } from '../../../core/schemas/photos';
import { BrandFilter, useDefaultBrand } from '../components/brand-filter';
import { Thumb } from '../components/photo';
import { ApiError, staffSend } from '../lib/api';
import { formatDateTime, t, type StaffKey } from '../lib/i18n';
import { useStaffData } from '../lib/use-data';
import { Complaints } from './moderation-complaints';
import { ProfileTexts } from './moderation-texts';
import { Appeals, Notices } from './moderation-notices';
import { Problem } from '../components/notice';

/** One moderation queue per brand: members' pending photos, flagged profile texts, then complaints. */
export function ModerationScreen() {
  const [brand, setBrand] = useState(useDefaultBrand());
  return (
    <section aria-labelledby="moderation-title">
      <div className="screen-head">
        <h1 id="moderation-title">{t('moderation.title')}</h1>
        <BrandFilter value={brand} onChange={setBrand} allowAll={false} />
      </div>
      <Notices key={`n-${brand}`} brand={brand} />
      <Appeals key={`a-${brand}`} brand={brand} />
      <PendingPhotos key={`p-${brand}`} brand={brand} />
      <ProfileTexts key={`t-${brand}`} brand={brand} />
      <Complaints key={`c-${brand}`} brand={brand} />
    </section>
  );
}

function PendingPhotos({ brand }: { brand: string }) {
  const list = useStaffData('/api/staff/moderation-photos.php', { brand });
  const [notice, setNotice] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const [reasons, setReasons] = useState<Record<number, string>>({});
  // A decided photo leaves the list with the button that had the focus: it goes to the card that takes its place (its
  // first button), or to the heading when none is left, not to the page's start.
  const part = useRef<HTMLElement>(null);
  const focusAt = useRef<number | null>(null);
  useEffect(() => {
    if (focusAt.current === null || !list.data) return;
    const cards = part.current?.querySelectorAll<HTMLElement>('[data-testid="pending-photo"]') ?? [];
    const card = cards[Math.min(focusAt.current, cards.length - 1)];
    (card?.querySelector<HTMLElement>('button') ?? part.current?.querySelector<HTMLElement>('h2'))?.focus();
    focusAt.current = null;
  }, [list.data]);

  const decide = async (photoId: number, decision: 'approve' | 'reject') => {
    focusAt.current = Math.max(0, list.data?.photos.findIndex((p) => p.id === photoId) ?? 0);
    setNotice(null);
    try {
      await staffSend(
        'post',
        '/api/staff/moderation-photos.php',
        decision === 'reject'
          ? { brand, photo_id: photoId, decision, reason: (reasons[photoId] ?? 'other') as RejectReason }
          : { brand, photo_id: photoId, decision },
      );
      setNotice({ tone: 'ok', text: decision === 'approve' ? t('moderation.approved') : t('moderation.rejected') });
    } catch (e) {
      setNotice({ tone: 'error', text: e instanceof ApiError && e.status !== 0 ? e.message : t('errors.network') });
    }
    await list.reload();
  };

  return (
    <section aria-labelledby="photos-title" className="moderation-part" ref={part}>
      <h2 id="photos-title" tabIndex={-1}>
        {t('moderation.photos')}
        {list.data ? ` (${list.data.total})` : ''}
      </h2>
      {notice && (
        <p role={notice.tone === 'ok' ? 'status' : 'alert'} className={notice.tone === 'ok' ? 'alert alert-ok' : 'alert alert-danger'}>
          {notice.text}
        </p>
      )}
      <Problem message={list.error?.message} />
      {list.data && list.data.photos.length === 0 && <p className="empty">{t('moderation.no_photos')}</p>}
      {list.data && list.data.photos.length > 0 && (
        <ul className="pending-photos">
          {list.data.photos.map((p) => (
            <li key={p.id} className="card" data-testid="pending-photo" data-photo-id={p.id}>
              <Thumb brand={brand} image={p} alt={t('moderation.photo_of', { name: p.name })} size={160} />
              <p>
                {p.name} · #{p.profile_id}
                <br />
                <small>
                  <time dateTime={p.created_at}>{formatDateTime(p.created_at)}</time>
                </small>
              </p>
              <div className="row">
                <button type="button" className="btn btn-primary" onClick={() => void decide(p.id, 'approve')}>
                  {t('moderation.approve')}
                </button>
              </div>
              <div className="row">
                <label className="sr-only" htmlFor={`reason-${p.id}`}>
                  {t('moderation.reason')}
                </label>
                <select
                  id={`reason-${p.id}`}
                  value={reasons[p.id] ?? 'other'}
                  onChange={(e) => setReasons((r) => ({ ...r, [p.id]: e.target.value }))}
                >
                  {REJECT_REASONS.map((r) => (
                    <option key={r} value={r}>
                      {t(`moderation.reason_${r}` as StaffKey)}
                    </option>
                  ))}
                </select>
                <button type="button" className="btn btn-outline" onClick={() => void decide(p.id, 'reject')}>
                  {t('moderation.reject')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
