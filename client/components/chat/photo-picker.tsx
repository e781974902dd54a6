import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n';
import type { OwnPhoto } from '../../../core/schemas/photos';
import { apiGet } from '../../api/typed-fetch';
import { imageUrl } from '../../../core/image-url';
import { settingsAtom } from '../../state/atoms';
import { Modal } from '../modal';

/**
 * The member's own approved photos to send in a chat (each costs photo_credits). Pending and rejected photos
 * cannot be sent (the server refuses them too); without any, the way to /profile to add some.
 */
export function PhotoPicker({ open, onClose, onPick }: { open: boolean; onClose: () => void; onPick: (photoId: number) => void }) {
  const { t } = useTranslation();
  const settings = useAtomValue(settingsAtom);
  const [photos, setPhotos] = useState<OwnPhoto[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!open) return;
    let current = true;
    setFailed(false);
    apiGet('/api/photos.php')
      .then((res) => current && setPhotos(res.photos.filter((p) => p.status === 'active')))
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [open]);
  return (
    <Modal open={open} onClose={onClose} title={t('chat.photo_title')} labelClose={t('common.close')}>
      <p className="mt-0 text-sm text-gray-600">{t('chat.photo_price', { credits: settings.photo_credits })}</p>
      {failed ? (
        <p role="alert" className="text-danger">
          {t('errors.generic')}
        </p>
      ) : !photos ? (
        <p role="status">{t('common.loading')}</p>
      ) : photos.length === 0 ? (
        <p>
          {t('chat.photo_none')} <a href="/profile">{t('chat.photo_add')}</a>
        </p>
      ) : (
        <ul className="m-0 grid grid-cols-3 gap-2 p-0">
          {photos.map((photo, i) => (
            <li key={photo.id} className="list-none">
              <PhotoChoice photo={photo} n={i + 1} total={photos.length} onPick={onPick} />
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}

/**
 * One photo to send. Each button says which photo it sends (and whether it is private): one name for all of them
 * told a screen reader's user nothing (issue 45, item 12).
 */
export function PhotoChoice({ photo, n, total, onPick }: { photo: OwnPhoto; n: number; total: number; onPick: (photoId: number) => void }) {
  const { t } = useTranslation();
  const settings = useAtomValue(settingsAtom);
  return (
    <button
      type="button"
      onClick={() => onPick(photo.id)}
      data-testid={`chat-photo-${photo.id}`}
      aria-label={t(photo.private ? 'chat.photo_pick_private' : 'chat.photo_pick_n', { n, total })}
      className="relative block w-full overflow-hidden rounded-lg border border-gray-200 bg-white p-0"
    >
      <img
        src={imageUrl(settings.cdn_prefix, photo.thumb_filename)}
        alt=""
        className="block aspect-square w-full object-cover"
        loading="lazy"
      />
      {photo.private && (
        <span aria-hidden="true" className="absolute left-1 top-1 rounded bg-black/70 px-1 text-xs text-white">
          {t('chat.photo_private')}
        </span>
      )}
    </button>
  );
}
