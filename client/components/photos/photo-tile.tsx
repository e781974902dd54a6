import { useState } from 'react';
import { useTranslation } from '../../i18n';
import type { OwnPhoto } from '../../../core/schemas/photos';
import { IMAGE_SIZES, imageSrcSet, imageUrl } from '../../../core/image-url';
import { Icon } from '../icon';

export interface TileActions {
  setMain: (id: number) => void;
  setPrivate: (id: number, value: boolean) => void;
  move: (id: number, step: -1 | 1) => void;
  remove: (id: number) => void;
}

interface PhotoTileProps {
  photo: OwnPhoto;
  number: number;
  count: number;
  cdnPrefix: string;
  busy: boolean;
  actions: TileActions;
}

const SMALL_BUTTON = 'btn btn-outline border-solid px-2 py-1 text-xs font-medium disabled:cursor-not-allowed disabled:opacity-50';
const BADGE = 'rounded-full px-2 py-0.5 text-xs font-semibold';

/** One own photo: its state (main, awaiting review, rejected, private) and what the member can do with it. */
export function PhotoTile({ photo, number, count, cdnPrefix, busy, actions }: PhotoTileProps) {
  const { t } = useTranslation();
  const label = t('photos.photo_alt', { number });
  const rejected = photo.status === 'rejected';
  return (
    <li
      className="flex flex-col overflow-hidden rounded-xl bg-white shadow ring-1 ring-gray-200"
      data-testid="own-photo"
      data-photo-id={photo.id}
      data-status={photo.status}
    >
      <div className="relative aspect-[4/5] bg-gray-100">
        {rejected ? (
          // The image of a rejected photo is deleted on rejection: there is nothing to show.
          <div className="flex h-full items-center justify-center text-4xl text-gray-400">
            <Icon name="i-lucide-image-off" />
          </div>
        ) : (
          <img
            src={imageUrl(cdnPrefix, photo.thumb_filename)}
            srcSet={imageSrcSet(cdnPrefix, photo)}
            sizes={IMAGE_SIZES.ownPhoto}
            alt={label}
            className="h-full w-full object-cover"
            loading="lazy"
          />
        )}
        <div className="absolute left-2 top-2 flex flex-wrap gap-1">
          {photo.main && (
            <span className={`${BADGE} bg-primary text-white`} data-testid="main-badge">
              {t('photos.main')}
            </span>
          )}
          {photo.private && <span className={`${BADGE} bg-gray-800 text-white`}>{t('photos.private')}</span>}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-2">
        <p
          className={`m-0 text-xs font-semibold ${rejected ? 'text-danger' : photo.status === 'pending' ? 'text-gray-600' : 'text-success'}`}
          data-testid="photo-status"
        >
          {rejected && photo.reject_reason
            ? t('photos.rejected_reason', { reason: t(`photos.reject_reasons.${photo.reject_reason}`) })
            : t(`photos.status.${photo.status}`)}
        </p>
        <TileButtons photo={photo} number={number} count={count} busy={busy} actions={actions} label={label} />
        <DeleteButton photoId={photo.id} busy={busy} remove={actions.remove} label={label} />
      </div>
    </li>
  );
}

type TileProps = Pick<PhotoTileProps, 'photo' | 'number' | 'count' | 'busy' | 'actions'> & { label: string };

/** Main photo, private or public, earlier and later: each named with the photo it acts on, for screen readers. */
function TileButtons({ photo, number, count, busy, actions, label }: TileProps) {
  const { t } = useTranslation();
  const rejected = photo.status === 'rejected';
  const named = (action: string) => `${action}: ${label}`;
  return (
    <div className="flex flex-wrap gap-1">
      {!photo.main && !rejected && !photo.private && (
        <button
          type="button"
          className={SMALL_BUTTON}
          disabled={busy}
          onClick={() => actions.setMain(photo.id)}
          data-action="main"
          aria-label={named(t('photos.set_main'))}
        >
          {t('photos.set_main')}
        </button>
      )}
      {!rejected && !photo.main && (
        <button
          type="button"
          className={SMALL_BUTTON}
          disabled={busy}
          aria-pressed={photo.private}
          onClick={() => actions.setPrivate(photo.id, !photo.private)}
          data-action="private"
          aria-label={named(t(photo.private ? 'photos.make_public' : 'photos.make_private'))}
        >
          {t(photo.private ? 'photos.make_public' : 'photos.make_private')}
        </button>
      )}
      <button
        type="button"
        className={SMALL_BUTTON}
        disabled={busy || number === 1}
        onClick={() => actions.move(photo.id, -1)}
        data-action="earlier"
        aria-label={named(t('photos.move_earlier'))}
      >
        <Icon name="i-lucide-arrow-left" />
      </button>
      <button
        type="button"
        className={SMALL_BUTTON}
        disabled={busy || number === count}
        onClick={() => actions.move(photo.id, 1)}
        data-action="later"
        aria-label={named(t('photos.move_later'))}
      >
        <Icon name="i-lucide-arrow-right" />
      </button>
    </div>
  );
}

/** Delete asks once more in place (no dialog over the photo list). */
function DeleteButton({ photoId, busy, remove, label }: { photoId: number; busy: boolean; remove: (id: number) => void; label: string }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  if (confirming) {
    return (
      <div className="flex gap-1">
        <button type="button" className="btn bg-danger px-2 py-1 text-xs text-white" disabled={busy} onClick={() => remove(photoId)}>
          {t('photos.confirm_delete')}
        </button>
        <button type="button" className={SMALL_BUTTON} onClick={() => setConfirming(false)}>
          {t('photos.cancel')}
        </button>
      </div>
    );
  }
  return (
    <button
      type="button"
      className={`${SMALL_BUTTON} text-danger`}
      disabled={busy}
      onClick={() => setConfirming(true)}
      aria-label={`${t('photos.delete')}: ${label}`}
    >
      {t('photos.delete')}
    </button>
  );
}
