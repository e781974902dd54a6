import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import type { KeyedMutator } from 'swr';
import { useTranslation } from '../../i18n';
import { PHOTO_LIMIT } from '../../../core/constants';
import type { PhotosResponse, PhotoUpdate } from '../../../core/schemas/photos';
import { apiSend } from '../../api/typed-fetch';
import { useApi } from '../../api/call';
import { ApiError } from '../../api/fetch-client';
import { settingsAtom } from '../../state/atoms';
import { PhotoTile, type TileActions } from './photo-tile';
import { UploadButton } from './upload-button';

/** The changes to the photo list (main, private, order, delete), one at a time, with their failure and the focus after. */
function usePhotoChanges(photos: PhotosResponse['photos'] | undefined, mutate: KeyedMutator<PhotosResponse>) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);

  const list = useRef<HTMLUListElement>(null);
  // Where the keyboard focus goes back to once a change is done and its buttons are enabled again (refocus).
  const focusAfter = useRef<{ photoId: number; action: string | undefined } | null>(null);
  useEffect(() => {
    if (busy || !focusAfter.current) return;
    refocus(list.current, focusAfter.current.photoId, focusAfter.current.action);
    focusAfter.current = null;
  }, [busy]);

  /** Runs a change; with `photoId`, the keyboard focus goes back to that photo afterwards (see refocus). */
  const run = async (request: () => Promise<PhotosResponse>, photoId?: number) => {
    const action = document.activeElement instanceof HTMLElement ? document.activeElement.dataset.action : undefined;
    setBusy(true);
    setActionError(null);
    try {
      await mutate(await request(), { revalidate: false });
    } catch (failure) {
      setActionError(failure instanceof ApiError ? failure.message : t('errors.generic'));
      void mutate(); // the list may have changed elsewhere: show what the server has
    } finally {
      focusAfter.current = photoId === undefined ? null : { photoId, action };
      setBusy(false);
    }
  };
  const put = (body: PhotoUpdate, photoId: number) => run(() => apiSend('put', '/api/photos.php', body), photoId);

  const actions: TileActions = {
    setMain: (id) => void put({ action: 'main', id }, id),
    setPrivate: (id, value) => void put({ action: 'private', id, private: value }, id),
    move: (id, step) => {
      const ids = (photos ?? []).map((p) => p.id);
      const from = ids.indexOf(id);
      const to = from + step;
      if (from < 0 || to < 0 || to >= ids.length) return;
      [ids[from], ids[to]] = [ids[to], ids[from]];
      void put({ action: 'order', ids }, id);
    },
    remove: (id) => void run(() => apiSend('delete', '/api/photos.php', { id })),
  };
  return { busy, actionError, list, actions };
}

/**
 * The member's own photos (issue 4 "Photos"): upload, main photo, private, order, delete, with the review state of
 * each and the member's limit. Loads its own data; load it lazily (React.lazy), never from eager code: the home
 * page's JavaScript budget has no room for it.
 */
export function PhotoManager() {
  const { t } = useTranslation();
  const settings = useAtomValue(settingsAtom);
  // The app's SWR default is not to fetch on mount (the server's fallback is fresh); this data has no fallback.
  const { data, error, mutate } = useApi('/api/photos.php', {}, { revalidateOnMount: true });
  const { busy, actionError, list, actions } = usePhotoChanges(data?.photos, mutate);

  if (!data) return <PhotosLoading error={error} />;

  const full = data.used >= data.limit;
  return (
    <section className="py-4" data-testid="photo-manager" aria-labelledby="photo-manager-title">
      <PhotosHeader used={data.used} limit={data.limit} full={full} />
      {full ? (
        <p className="alert alert-warning" role="status">
          {t('errors.photo_limit')} · {t('photos.limit_rule', { free: PHOTO_LIMIT.free, premium: PHOTO_LIMIT.premium })}
        </p>
      ) : (
        <UploadButton onUploaded={(result) => void mutate(result, { revalidate: false })} disabled={busy} />
      )}
      {actionError && (
        <p className="alert alert-danger" role="alert">
          {actionError}
        </p>
      )}
      {data.photos.length === 0 ? (
        <p className="text-gray-500">{t('photos.empty')}</p>
      ) : (
        <ul ref={list} className="m-0 mt-4 grid list-none grid-cols-2 gap-3 p-0 sm:grid-cols-3 lg:grid-cols-4">
          {data.photos.map((photo, index) => (
            <PhotoTile
              key={photo.id}
              photo={photo}
              number={index + 1}
              count={data.photos.length}
              cdnPrefix={settings.cdn_prefix}
              busy={busy}
              actions={actions}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The manager before its list has come: loading, or why it could not load. */
function PhotosLoading({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <section className="py-6" data-testid="photo-manager" aria-busy={!error}>
      {error ? (
        <p className="alert alert-danger" role="alert">
          {error instanceof ApiError ? error.message : t('errors.generic')}
        </p>
      ) : (
        <p className="text-gray-500" role="status">
          {t('common.loading')}
        </p>
      )}
    </section>
  );
}

/** The title, how many photos of the limit are used, and what the page is for. */
function PhotosHeader({ used, limit, full }: { used: number; limit: number; full: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="photo-manager-title" className="m-0 text-xl font-bold">
          {t('photos.title')}
        </h2>
        <p className={`m-0 text-sm font-semibold ${full ? 'text-danger' : 'text-gray-600'}`} data-testid="photo-count">
          {t('photos.count', { used, limit })}
        </p>
      </div>
      <p className="mt-0 text-sm text-gray-600">{t('photos.intro')}</p>
    </>
  );
}

export default PhotoManager;

/**
 * The buttons are disabled while a change runs, so the pressed one loses the focus (to the page's body). Afterwards
 * it goes back to the same button of the same photo, wherever the photo moved, or to the photo's first button when
 * that one is gone or off (a photo made main, moved to the front); never when the member has moved on meanwhile.
 */
function refocus(list: HTMLUListElement | null, photoId: number, action: string | undefined): void {
  const at = document.activeElement;
  if (at && at !== document.body && !list?.contains(at)) return;
  const tile = list?.querySelector(`[data-photo-id="${photoId}"]`);
  const enabled = (which = '') => tile?.querySelector<HTMLButtonElement>(`button${which}:not(:disabled)`);
  (enabled(action ? `[data-action="${action}"]` : '') ?? enabled())?.focus();
}
