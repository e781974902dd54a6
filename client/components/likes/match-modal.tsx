import { useAtomValue, useStore } from 'jotai';
import { useTranslation } from '../../i18n';
import type { ModalProfile } from '../../../core/schemas/members';
import { Modal } from '../modal';
import { imageUrl } from '../../../core/image-url';
import { navigate } from '../../navigation';
import { settingsAtom } from '../../state/atoms';
import { Icon } from '../icon';
import { FictionalMark } from '../fictional-mark';

/**
 * The new-like / match modal of SPEC.md §2 (modal 3): thumbs-up, 'New like!' (or the match), the liker's main
 * image and a button; both open the profile. Clicking elsewhere closes it.
 */
export function MatchModal({ profile, match = false, onClose }: { profile: ModalProfile | null; match?: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const store = useStore();
  const settings = useAtomValue(settingsAtom);
  const open = () => {
    if (!profile) return;
    onClose();
    navigate(store, `/likes/m/${profile.id}`);
  };
  return (
    <Modal
      open={profile !== null}
      title={match ? t('likes.modal_match') : t('premium.new_like')}
      onClose={onClose}
      size="sm"
      labelClose={t('likes.close')}
    >
      {profile && (
        <div className="text-center" data-testid="match-modal">
          <p className="m-0 text-5xl text-primary">
            <Icon name="i-lucide-thumbs-up" />
          </p>
          <p className="m-0 mt-2 font-semibold">
            {match ? [profile.name, profile.age].filter(Boolean).join(', ') : t('likes.modal_liked_you', { name: profile.name })}
          </p>
          {profile.main_image && (
            <button type="button" onClick={open} className="mt-3 cursor-pointer border-0 bg-transparent p-0">
              <img
                src={imageUrl(settings.cdn_prefix, profile.main_image.thumb_filename)}
                alt={t('profile.photo_of', { name: profile.name })}
                width={160}
                height={200}
                className="rounded-xl object-cover"
              />
            </button>
          )}
          {profile.fictional && (
            <p className="m-0 mt-2 text-xs text-gray-600">
              <FictionalMark />
            </p>
          )}
          <div className="mt-4">
            <button type="button" className="btn btn-primary" onClick={open}>
              {t('likes.view_profile')}
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}
