import { useAtomValue } from 'jotai';
import { useTranslation } from '../../i18n';
import type { ChatProfile } from '../../../core/schemas/chat';
import { FictionalLabel } from '../../components/chat/avatar';
import { Icon } from '../../components/icon';
import { imageUrl } from '../../../core/image-url';
import { Link } from '../../navigation';
import { settingsAtom } from '../../state/atoms';

/**
 * The other side's card beside the conversation on a wide screen (lg and up, issue 19 item 10): the photo, name,
 * age, city and, for a fictional profile, its label and warning, with a link to the full profile. Phones and
 * tablets keep the conversation alone; its header carries the same name and link.
 */
export function ProfilePanel({ profile }: { profile: ChatProfile }) {
  const { t } = useTranslation();
  const settings = useAtomValue(settingsAtom);
  const src = profile.main_image ? imageUrl(settings.cdn_prefix, profile.main_image.thumb_filename) : null;
  return (
    <aside
      className="hidden w-[300px] shrink-0 overflow-y-auto border-0 border-l border-solid border-gray-200 bg-white p-4 lg:block xl:w-[340px]"
      aria-label={profile.name}
      data-testid="chat-profile"
    >
      <div className="overflow-hidden rounded-xl bg-gray-200 ring-1 ring-black/5">
        {src ? (
          <img
            src={src}
            alt={t('profile.photo_of', { name: profile.name })}
            width={320}
            height={400}
            className="block aspect-[4/5] h-auto w-full object-cover"
          />
        ) : (
          <div className="flex aspect-[4/5] items-center justify-center text-6xl text-gray-500">
            <Icon name="i-lucide-user" />
          </div>
        )}
      </div>
      <p className="m-0 mt-3 text-xl font-bold text-gray-900">
        {profile.name}, {profile.age}
      </p>
      {profile.city && (
        <p className="m-0 mt-1 flex items-center gap-1 text-sm text-gray-700">
          <Icon name="i-lucide-map-pin" />
          {profile.city}
        </p>
      )}
      {profile.fictional && (
        <div className="mt-3">
          <FictionalLabel long />
          <p className="m-0 mt-2 text-xs text-gray-600">{settings.fictional_warning}</p>
        </div>
      )}
      <Link
        href={`/members/${profile.id}`}
        className="btn btn-outline mt-4 box-border block w-full border-solid text-center"
        data-testid="chat-profile-link"
      >
        {t('chat.view_profile')}
      </Link>
    </aside>
  );
}
