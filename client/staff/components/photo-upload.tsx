import { useState, type ChangeEvent } from 'react';
import { PHOTO_RULES } from '../../../core/photo-rules';
import { appendPhotoUpload, prepareUpload } from '../../components/photos/shrink';
import { ApiError, staffSend } from '../lib/api';
import { t } from '../lib/i18n';

/**
 * Adds a photo to a fictional profile: multipart to the staff upload route (brand, profile_id and photo), redrawn in
 * the browser to the upload's pixel cap first as the members' upload does, so any photo can be picked.
 */
export function PhotoUpload({
  brand,
  profileId,
  name,
  onUploaded,
}: {
  brand: string;
  profileId: number;
  name: string;
  onUploaded: () => void;
}) {
  const [state, setState] = useState<{ busy: boolean; problem: string | null }>({ busy: false, problem: null });
  const id = `upload-${profileId}`;
  const change = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setState({ busy: true, problem: null });
    try {
      const form = new FormData();
      form.set('brand', brand);
      form.set('profile_id', String(profileId));
      appendPhotoUpload(form, await prepareUpload(file));
      await staffSend('post', '/api/staff/profile-photo.php', form);
      setState({ busy: false, problem: null });
      onUploaded();
    } catch (e) {
      setState({ busy: false, problem: e instanceof ApiError && e.status !== 0 ? e.message : t('errors.network') });
    }
    event.target.value = '';
  };
  return (
    <div className="upload">
      <label htmlFor={id} className="btn btn-outline">
        {t('profiles.upload', { name })}
      </label>
      <input id={id} type="file" accept={PHOTO_RULES.accept} className="sr-only" onChange={change} disabled={state.busy} />
      {state.busy && <span role="status">{t('profiles.uploading')}</span>}
      {state.problem && (
        <span role="alert" className="error">
          {state.problem}
        </span>
      )}
    </div>
  );
}
