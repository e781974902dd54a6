import { useAtomValue } from 'jotai';
import { useRef, useState, type FormEvent } from 'react';
import { PhotoManager } from '../../components/photos/photo-manager';
import { ABOUT_MAX_LENGTH } from '../../../core/constants';
import { useTranslation } from '../../i18n';
import {
  BODY_TYPES,
  EYE_COLOURS,
  HAIR_COLOURS,
  myProfileSchema,
  RELATIONSHIP_STATUSES,
  SEXUALITIES,
  type MyProfile,
} from '../../../core/schemas/my-profile';
import { apiSend, useApi } from '../../api/call';
import { Link } from '../../navigation';
import { settingsAtom, userAtom } from '../../state/atoms';
import { BirthdateInput } from '../../components/signup/birthdate-input';
import { FormAlert, SelectField, SubmitButton, TextArea, TextField, useFormState } from './ui';
import { apiErrors, check, localToday } from './validate';
import { useInterests, useRegions } from '../pages/reference';
import { useCountryName } from '../../lib/country-name';

/** The profile's optional choices: each a select of its values, in this order. */
const CHOICES = [
  ['relationship_status', RELATIONSHIP_STATUSES],
  ['body_type', BODY_TYPES],
  ['hair_colour', HAIR_COLOURS],
  ['eye_colour', EYE_COLOURS],
] as const;

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

function ProfileForm({ initial, onSaved }: { initial: MyProfile; onSaved: (p: MyProfile) => void }) {
  const { t } = useTranslation();
  const countryName = useCountryName();
  const settings = useAtomValue(settingsAtom);
  const formRef = useRef<HTMLFormElement>(null);
  const { errors, sending, run } = useFormState(formRef);
  const [p, setP] = useState<MyProfile>(initial);
  const [saved, setSaved] = useState(false);
  const { data: regions } = useRegions(p.country);
  const { data: interests } = useInterests();
  const set = <K extends keyof MyProfile>(key: K, value: MyProfile[K]) => {
    setSaved(false);
    setP((prev) => ({ ...prev, [key]: value }));
  };
  const orNull = (v: string) => (v === '' ? null : v);

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

  const options = (values: readonly string[], ns: string) => [
    <option key="" value="">
      {t('my_profile.not_set')}
    </option>,
    ...values.map((v) => (
      <option key={v} value={v}>
        {t(`profile_values.${ns}.${v}`)}
      </option>
    )),
  ];
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
        <SelectField
          name="gender"
          label={t('my_profile.gender')}
          value={p.gender}
          onChange={(e) => set('gender', e.target.value as MyProfile['gender'])}
          error={errors.gender}
        >
          <option value="male">{t('my_profile.male')}</option>
          <option value="female">{t('my_profile.female')}</option>
        </SelectField>
        <SelectField
          name="sexuality"
          label={t('profile_view.sexuality')}
          value={p.sexuality}
          onChange={(e) => set('sexuality', e.target.value as MyProfile['sexuality'])}
          error={errors.sexuality}
        >
          {SEXUALITIES.map((s) => (
            <option key={s} value={s}>
              {t(`profile_values.sexuality.${s}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          name="country"
          label={t('search.country')}
          value={p.country}
          onChange={(e) => {
            set('country', e.target.value);
            set('region', null);
          }}
          error={errors.country}
        >
          {settings.countries.map((c) => (
            <option key={c} value={c}>
              {countryName(c)}
            </option>
          ))}
        </SelectField>
        <SelectField
          name="region"
          label={t('search.region')}
          value={p.region ?? ''}
          onChange={(e) => set('region', orNull(e.target.value))}
          error={errors.region}
        >
          <option value="">{t('my_profile.not_set')}</option>
          {regions?.regions[p.country]?.map((r) => (
            <option key={r.code} value={r.code}>
              {r.name}
            </option>
          ))}
        </SelectField>
        <TextField
          name="city"
          label={t('profile_view.city')}
          value={p.city ?? ''}
          onChange={(e) => set('city', orNull(e.target.value))}
          error={errors.city}
          maxLength={60}
          autoComplete="address-level2"
        />
        {CHOICES.map(([field, values]) => (
          <SelectField
            key={field}
            name={field}
            label={t(`profile_view.${field}`)}
            value={p[field] ?? ''}
            onChange={(e) => set(field, orNull(e.target.value) as MyProfile[typeof field])}
          >
            {options(values, field)}
          </SelectField>
        ))}
      </div>
      <TextArea
        name="about"
        label={t('my_profile.about')}
        value={p.about ?? ''}
        onChange={(e) => set('about', orNull(e.target.value))}
        maxLength={ABOUT_MAX_LENGTH}
        counter
        error={errors.about}
      />
      <fieldset className="mx-0 mb-4 border-0 p-0">
        <legend className="mb-2 p-0 text-sm font-semibold text-gray-800">{t('profile_view.interests')}</legend>
        <div className="flex flex-wrap gap-2">
          {interests?.interests.map((i) => {
            const on = p.interests.includes(i.slug);
            return (
              <button
                key={i.slug}
                type="button"
                aria-pressed={on}
                onClick={() => set('interests', on ? p.interests.filter((s) => s !== i.slug) : [...p.interests, i.slug])}
                className={`cursor-pointer rounded-full border border-solid px-3 py-1 text-sm ${on ? 'border-primary bg-primary text-white' : 'border-gray-300 bg-white text-gray-800'}`}
              >
                {i.icon} {i.name}
              </button>
            );
          })}
        </div>
      </fieldset>
      <p className="text-xs text-gray-600">
        {t('my_profile.shown_hint', {
          fields: [...settings.visible_profile_fields, ...settings.visible_profile_notes].map((f) => t(`profile_view.${f}`)).join(', '),
        })}
      </p>
      <SubmitButton sending={sending}>{t('my_profile.save')}</SubmitButton>
    </form>
  );
}
