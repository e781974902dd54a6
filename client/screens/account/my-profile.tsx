import { useAtomValue } from 'jotai';
import { useRef, useState, type FormEvent } from 'react';
import { PhotoManager } from '../../components/photos/photo-manager';
import { ABOUT_MAX_LENGTH } from '../../../core/constants';
import { useTranslation } from '../../i18n';
import { myProfileSchema, type MyProfile } from '../../../core/schemas/my-profile';
import { apiSend } from '../../api/typed-fetch';
import { useApi } from '../../api/call';
import { Link } from '../../navigation';
import { settingsAtom, userAtom } from '../../state/atoms';
import { BirthdateInput } from '../../components/signup/birthdate-input';
import { FormAlert, SubmitButton, TextArea, TextField, useFormState } from '../../components/form-ui';
import { apiErrors, check, localToday } from '../../lib/validate';
import { useInterests, useRegions } from '../../api/reference';
import { ChoiceFields, GenderFields, InterestsField, orNull, PlaceFields, SeekAgeFields, type SetField } from './my-profile-fields';

/** /profile: the member's photos and everything others read about them, saved in one go. */
export function MyProfileScreen() {
  const { t } = useTranslation();
  const user = useAtomValue(userAtom);
  const { data, mutate } = useApi('/api/my-profile.php', {}, { revalidateOnMount: true });
  return (
    <div className="container mx-auto px-3 py-6" data-testid="my-profile">
      <div className="mx-auto flex max-w-2xl flex-col gap-5">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h1 className="m-0 text-2xl font-bold">{t('my_profile.title')}</h1>
          {user && <Link href={`/members/${user.profile.id}`}>{t('my_profile.view_public')}</Link>}
        </div>
        <section aria-labelledby="photos-title" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-black/5">
          <h2 id="photos-title" className="m-0 mb-3 text-lg font-bold">
            {t('my_profile.photos')}
          </h2>
          <PhotoManager />
        </section>
        <section aria-labelledby="details-title" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-black/5">
          <h2 id="details-title" className="m-0 mb-3 text-lg font-bold">
            {t('my_profile.details')}
          </h2>
          {data ? (
            <ProfileForm initial={data.profile} onSaved={(profile) => mutate({ profile }, { revalidate: false })} />
          ) : (
            <p role="status">{t('common.loading')}</p>
          )}
        </section>
      </div>
    </div>
  );
}

/** The profile's details form: every field the member edits, saved in one PUT. */
function ProfileForm({ initial, onSaved }: { initial: MyProfile; onSaved: (p: MyProfile) => void }) {
  const { t } = useTranslation();
  const settings = useAtomValue(settingsAtom);
  const { formRef, errors, sending, p, saved, set, submit, regions, interests } = useProfileForm(initial, onSaved);
  return (
    <form ref={formRef} onSubmit={submit} noValidate data-testid="profile-form">
      <FormAlert message={errors._form} />
      {saved && <FormAlert tone="success" message={t('my_profile.saved')} />}
      <TextField
        name="name"
        label={t('my_profile.name')}
        value={p.name}
        onChange={(e) => set('name', e.target.value)}
        error={errors.name}
        maxLength={30}
        autoComplete="nickname"
      />
      <BirthdateInput value={p.date_of_birth} onChange={(v) => set('date_of_birth', v)} error={errors.date_of_birth} today={localToday()} />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <GenderFields p={p} set={set} errors={errors} />
        <PlaceFields p={p} set={set} errors={errors} regions={regions} />
        <ChoiceFields p={p} set={set} />
      </div>
      <SeekAgeFields p={p} set={set} errors={errors} />
      <TextArea
        name="about"
        label={t('my_profile.about')}
        value={p.about ?? ''}
        onChange={(e) => set('about', orNull(e.target.value))}
        maxLength={ABOUT_MAX_LENGTH}
        counter
        error={errors.about}
      />
      <InterestsField p={p} set={set} interests={interests} />
      <p className="text-xs text-gray-600">
        {t('my_profile.shown_hint', {
          fields: [...settings.visible_profile_fields, ...settings.visible_profile_notes].map((f) => t(`profile_view.${f}`)).join(', '),
        })}
      </p>
      <SubmitButton sending={sending}>{t('my_profile.save')}</SubmitButton>
    </form>
  );
}

/** The profile being edited, its reference data (regions of its country, interests) and the submit that saves it. */
function useProfileForm(initial: MyProfile, onSaved: (p: MyProfile) => void) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const { errors, sending, run } = useFormState(formRef);
  const [p, setP] = useState<MyProfile>(initial);
  const [saved, setSaved] = useState(false);
  const { data: regions } = useRegions(p.country);
  const { data: interests } = useInterests();
  const set: SetField = (key, value) => {
    setSaved(false);
    setP((prev) => ({ ...prev, [key]: value }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const checked = check(myProfileSchema(localToday()), p, t);
      if (!checked.ok) return checked.errors;
      try {
        const r = await apiSend('put', '/api/my-profile.php', checked.data);
        onSaved(r.profile);
        setSaved(true);
        return {};
      } catch (e) {
        return apiErrors(e, t);
      }
    });
  };

  return { formRef, errors, sending, p, saved, set, submit, regions, interests };
}
