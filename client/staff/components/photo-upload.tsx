import { useState, type ChangeEvent } from 'react';
import { StaffApiError, staffFetch } from '../lib/api';
import { t } from '../lib/i18n';

/** Adds a photo to a fictional profile: multipart to the staff upload route (profile_id and file). */
export function PhotoUpload({ profileId, name, onUploaded }: { profileId: number; name: string; onUploaded: () => void }) {
  const [state, setState] = useState<{ busy: boolean; problem: string | null }>({ busy: false, problem: null });
  const id = `upload-${profileId}`;
  const change = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const form = new FormData();
    form.set('profile_id', String(profileId));
    form.set('file', file);
    setState({ busy: true, problem: null });
    try {
      await staffFetch('profile-photo.php', { method: 'POST', form });
      setState({ busy: false, problem: null });
      onUploaded();
    } catch (e) {
      setState({ busy: false, problem: e instanceof StaffApiError && e.status !== 0 ? e.message : t('errors.network') });
    }
    event.target.value = '';
  };
  return (
    <div className="upload">
      <label htmlFor={id} className="btn btn-outline">
        {t('profiles.upload', { name })}
      </label>
      <input id={id} type="file" accept="image/jpeg,image/png,image/webp" className="sr-only" onChange={change} disabled={state.busy} />
      {state.busy && <span role="status">{t('profiles.uploading')}</span>}
      {state.problem && (
        <span role="alert" className="error">
          {state.problem}
        </span>
      )}
    </div>
  );
}
