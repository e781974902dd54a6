import { useAtomValue } from 'jotai';
import { useTranslation } from '../../i18n';
import type { ProfileView } from '../../../core/schemas/members';
import { settingsAtom } from '../../state/atoms';
import { useInterests } from '../../api/reference';

const FACTS = ['sexuality', 'relationship_status', 'body_type', 'hair_colour', 'eye_colour'] as const;

/** The facts, interests and notes the brand shows (visible_profile_fields and visible_profile_notes). */
export function ProfileFacts({ profile }: { profile: ProfileView }) {
  const { t } = useTranslation();
  const settings = useAtomValue(settingsAtom);
  const { data: interests } = useInterests();
  const shown = new Set(settings.visible_profile_fields);
  const facts = FACTS.filter((f) => shown.has(f) && profile[f]);
  return (
    <>
      {profile.about && (
        <section className="mt-6">
          <h2 className="m-0 mb-2 text-lg font-bold">{t('profile_view.about')}</h2>
          <p className="m-0 whitespace-pre-line text-gray-800">{profile.about}</p>
        </section>
      )}
      {facts.length > 0 && (
        <section className="mt-6">
          <h2 className="m-0 mb-2 text-lg font-bold">{t('profile_view.details')}</h2>
          {/* A long label and value (German) share a phone's width: the label column narrows to its longest word. */}
          <dl className="m-0 grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-1">
            {facts.map((f) => (
              <div key={f} className="contents">
                <dt className="text-gray-600">{t(`profile_view.${f}`)}</dt>
                <dd className="m-0 break-words">{t(`profile_values.${f}.${profile[f]}`)}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      {profile.interests.length > 0 && (
        <section className="mt-6">
          <h2 className="m-0 mb-2 text-lg font-bold">{t('profile_view.interests')}</h2>
          <ul className="m-0 flex list-none flex-wrap gap-2 p-0">
            {profile.interests.map((slug) => {
              const item = interests?.interests.find((i) => i.slug === slug);
              return (
                <li key={slug} className="rounded-full bg-gray-100 px-3 py-1 text-sm">
                  {item ? `${item.icon} ${item.name}` : t(`interest.${slug}`)}
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </>
  );
}
