import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useState } from 'react';
import { useTranslation } from '../../i18n';
import type { CatalogueKey } from '../../i18n-keys';
import type { ProfileView } from '../../../core/schemas/members';
import { ApiError } from '../../api/fetch-client';
import { apiSend } from '../../api/typed-fetch';
import { navigate } from '../../navigation';
import { likeModalAtom, signupModalAtom, signupReasonAtom, userAtom } from '../../state/atoms';
import { Icon } from '../../components/icon';
import { ReportButton } from '../../components/report-button';

type Change = (p: Partial<ProfileView>) => void;

/** Like, message, gift and block. Visitors get the login texts of SPEC.md §6 and the signup modal. */
export function ProfileActions({ profile, onChange }: { profile: ProfileView; onChange: Change }) {
  const { t } = useTranslation();
  const store = useStore();
  const user = useAtomValue(userAtom);
  const openSignup = useSetAtom(signupModalAtom);
  const setSignupReason = useSetAtom(signupReasonAtom);
  const { notice, busy, like, block } = useProfileActions(profile, onChange);

  // The reason shows inside the signup dialog, which would otherwise cover it (issue 18 item 12).
  const visitorOnly = (key: CatalogueKey) => () => {
    setSignupReason(t(key));
    openSignup(true);
  };
  const toChat = () => navigate(store, `/chats?profile=${profile.id}`);

  return (
    <div className="mt-4">
      <div className="flex flex-wrap gap-2">
        {/* A profile the member blocked offers nothing but unblocking (issue 18 item 8). */}
        {!profile.blocked && (
          <>
            <button
              type="button"
              className={`btn ${profile.liked ? 'btn-light' : 'btn-primary'}`}
              disabled={busy}
              aria-pressed={profile.liked}
              onClick={user ? like : visitorOnly('visitor.login_to_like')}
              data-testid="like-button"
            >
              <Icon name="i-lucide-heart" className={profile.liked ? 'mr-1 text-danger' : 'mr-1'} />
              {t(profile.liked ? 'profile_view.unlike' : 'profile_view.like')}
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              disabled={busy}
              onClick={user ? toChat : visitorOnly('visitor.login_to_chat')}
              data-testid="message-button"
            >
              <Icon name="i-lucide-mail" className="mr-1" />
              {t('profile_view.message')}
            </button>
            <button
              type="button"
              className="btn btn-light"
              disabled={busy}
              onClick={user ? toChat : visitorOnly('visitor.login_for_gift')}
              data-testid="gift-button"
            >
              <Icon name="i-lucide-gift" className="mr-1" />
              {t('profile_view.gift')}
            </button>
          </>
        )}
        {user && (
          <button type="button" className="btn btn-light" disabled={busy} onClick={block} data-testid="block-button">
            {profile.blocked ? t('profile_view.unblock') : t('profile_view.block')}
          </button>
        )}
        {!profile.own && <ReportButton target="profile" id={profile.id} className="btn btn-light" />}
      </div>
      {notice && (
        <p className="alert alert-info mt-3" role="status">
          {notice}
        </p>
      )}
    </div>
  );
}

/** Liking and blocking a member's profile, one at a time, with the failure as a notice. */
function useProfileActions(profile: ProfileView, onChange: Change) {
  const { t } = useTranslation();
  const setLikeModal = useSetAtom(likeModalAtom);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setNotice(null);
    try {
      await action();
    } catch (e) {
      setNotice(e instanceof ApiError ? e.message : t('errors.generic'));
    } finally {
      setBusy(false);
    }
  };
  const like = () =>
    run(async () => {
      const body = { profile_id: profile.id };
      const r = await (profile.liked ? apiSend('delete', '/api/likes.php', body) : apiSend('post', '/api/likes.php', body));
      onChange({ liked: r.liked, match: r.match });
      // Liking back makes a match: the match modal says so (issue 18 item 8), as the swipe game's does.
      if (r.match && !profile.match) setLikeModal({ profile: modalProfile(profile), match: true });
    });
  const block = () =>
    run(async () => {
      if (!profile.blocked && !window.confirm(t('profile_view.block_confirm', { name: profile.name }))) return;
      const body = { profile_id: profile.id };
      const r = await (profile.blocked ? apiSend('delete', '/api/block.php', body) : apiSend('post', '/api/block.php', body));
      onChange({ blocked: r.blocked });
    });
  return { notice, busy, like, block };
}

/** The profile as the match modal shows it: its first photo as the main image. */
function modalProfile(profile: ProfileView) {
  const photo = profile.photos[0];
  return {
    id: profile.id,
    name: profile.name,
    age: profile.age,
    fictional: profile.fictional,
    main_image: photo ? { filename: photo.filename, thumb_filename: photo.thumb_filename } : null,
  };
}
