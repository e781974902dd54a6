import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from '../../i18n';
import { PHOTO_RULES } from '../../../core/photo-rules';
import { useStore } from 'jotai';
import { apiGet } from '../../api/typed-fetch';
import { ApiError } from '../../api/fetch-client';
import { userAtom } from '../../state/atoms';
import { largestPart, prepareUpload } from './shrink';
import { uploadPhoto, type UploadResult } from './upload';

interface UploadButtonProps {
  onUploaded: (result: UploadResult) => void;
  disabled?: boolean;
  label?: string;
  className?: string;
}

interface Progress {
  name: string;
  percent: number;
}

const MB = Math.round(PHOTO_RULES.maxBytes / 1024 / 1024);

/** Uploads the picked files one after another, with the progress of the current one and the refusals of all. */
function usePhotoUpload(onUploaded: (result: UploadResult) => void) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<Progress | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const store = useStore();

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = ''; // choosing the same file again must fire a change again
    const problems: string[] = [];
    let uploaded = 0;
    for (const picked of files) {
      setProgress({ name: picked.name, percent: 0 });
      const upload = await prepareUpload(picked);
      // The server checks again; this only spares a long upload that is sure to be refused.
      if (largestPart(upload) > PHOTO_RULES.maxBytes) {
        problems.push(`${picked.name}: ${t('photos.errors.too_large', { mb: MB })}`);
        continue;
      }
      try {
        onUploaded(await uploadPhoto(upload, (percent) => setProgress({ name: picked.name, percent }), t('photos.errors.network')));
        uploaded += 1;
      } catch (error) {
        const message = error instanceof ApiError ? error.message : t('photos.errors.network');
        problems.push(files.length > 1 ? `${picked.name}: ${message}` : message);
        // Beyond the limit the other files would be refused too.
        if (error instanceof ApiError && error.code === 'photo_limit') break;
      }
    }
    setProgress(null);
    setErrors(problems);
    // A new photo waits for review: the user object says so, and the "add a photo" alert goes (issue 18 item 9).
    if (uploaded > 0 && !store.get(userAtom)?.profile.main_image) {
      const { user } = await apiGet('/api/user.php').catch(() => ({ user: undefined }));
      if (user) store.set(userAtom, user);
    }
  };

  return { progress, errors, pick };
}

/**
 * Picks one or more photos and uploads them one after another, with a progress bar and the server's refusal
 * (type, size, pixels, limit) in the member's language. Used by the photo manager and the signup's photo step.
 */
export function UploadButton({ onUploaded, disabled, label, className = 'btn btn-primary' }: UploadButtonProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const { progress, errors, pick } = usePhotoUpload(onUploaded);

  return (
    <div>
      <input
        ref={input}
        type="file"
        accept={PHOTO_RULES.accept}
        multiple
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => void pick(e)}
        data-testid="photo-input"
      />
      <button
        type="button"
        className={`${className} disabled:cursor-not-allowed disabled:opacity-60`}
        disabled={disabled || progress !== null}
        aria-busy={progress !== null || undefined}
        onClick={() => input.current?.click()}
      >
        {progress ? t('photos.uploading', { percent: progress.percent }) : (label ?? t('photos.upload'))}
      </button>
      {progress && (
        <progress className="mt-2 block h-2 w-full max-w-xs" max={100} value={progress.percent} aria-label={progress.name}>
          {progress.percent}%
        </progress>
      )}
      <p className="m-0 mt-1 text-xs text-gray-500">{t('photos.hint', { mb: MB })}</p>
      {errors.length > 0 && <UploadErrors errors={errors} />}
    </div>
  );
}

/** The refusals of the last upload, one line each. */
function UploadErrors({ errors }: { errors: string[] }) {
  return (
    <div className="alert alert-danger" role="alert" data-testid="upload-error">
      {errors.map((message, i) => (
        <p
          // biome-ignore lint/suspicious/noArrayIndexKey: one answer's messages, replaced as a whole
          key={i}
          className="m-0"
        >
          {message}
        </p>
      ))}
    </div>
  );
}
