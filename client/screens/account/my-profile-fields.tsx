import { useAtomValue } from 'jotai';
import { useTranslation } from '../../i18n';
import {
  BODY_TYPES,
  EYE_COLOURS,
  HAIR_COLOURS,
  RELATIONSHIP_STATUSES,
  SEXUALITIES,
  type MyProfile,
} from '../../../core/schemas/my-profile';
import { settingsAtom } from '../../state/atoms';
import { SelectField, TextField } from '../../components/form-ui';
import type { FieldErrors } from '../../lib/validate';
import type { useInterests, useRegions } from '../../api/reference';
import { useCountryName } from '../../lib/country-name';
import { MAX_AGE, MIN_AGE } from '../../../core/constants';

/** The profile's optional choices: each a select of its values, in this order. */
const CHOICES = [
  ['relationship_status', RELATIONSHIP_STATUSES],
  ['body_type', BODY_TYPES],
  ['hair_colour', HAIR_COLOURS],
  ['eye_colour', EYE_COLOURS],
] as const;

/** Sets one field of the profile being edited. */
export type SetField = <K extends keyof MyProfile>(key: K, value: MyProfile[K]) => void;
type FieldsProps = { p: MyProfile; set: SetField; errors: FieldErrors };

/** An empty text or select means "not set". */
export const orNull = (v: string) => (v === '' ? null : v);

/** Gender and sexuality, the two selects every profile has. */
export function GenderFields({ p, set, errors }: FieldsProps) {
  const { t } = useTranslation();
  return (
    <>
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
    </>
  );
}

type PlaceFieldsProps = FieldsProps & { regions: ReturnType<typeof useRegions>['data'] };

/** Where the member lives: a country of the brand, a region of that country and a city. */
export function PlaceFields({ p, set, errors, regions }: PlaceFieldsProps) {
  const { t } = useTranslation();
  const countryName = useCountryName();
  const settings = useAtomValue(settingsAtom);
  return (
    <>
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
    </>
  );
}

/** The optional choices (relationship, body, hair, eyes), each with "not set" first. */
export function ChoiceFields({ p, set }: Omit<FieldsProps, 'errors'>) {
  const { t } = useTranslation();
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
    <>
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
    </>
  );
}

type InterestsFieldProps = Omit<FieldsProps, 'errors'> & { interests: ReturnType<typeof useInterests>['data'] };

/** The interests as toggle buttons. */
export function InterestsField({ p, set, interests }: InterestsFieldProps) {
  const { t } = useTranslation();
  return (
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
  );
}

const AGES = Array.from({ length: MAX_AGE - MIN_AGE + 1 }, (_, i) => MIN_AGE + i);

/** The ages the member looks for (issue 46, item 1): their search, swipes and suggestions open with them. */
export function SeekAgeFields({ p, set, errors }: FieldsProps) {
  const { t } = useTranslation();
  const ages = AGES.map((age) => (
    <option key={age} value={age}>
      {age}
    </option>
  ));
  return (
    <fieldset className="m-0 mb-3 border-0 p-0" data-testid="seek-ages">
      <legend className="mb-1 font-semibold">{t('my_profile.seek_title')}</legend>
      <div className="grid grid-cols-2 gap-x-4">
        <SelectField
          name="seek_min_age"
          label={t('search.min_age')}
          value={p.seek_min_age ?? MIN_AGE}
          onChange={(e) => set('seek_min_age', Number(e.target.value))}
          error={errors.seek_min_age}
        >
          {ages}
        </SelectField>
        <SelectField
          name="seek_max_age"
          label={t('search.max_age')}
          value={p.seek_max_age ?? MAX_AGE}
          onChange={(e) => set('seek_max_age', Number(e.target.value))}
          error={errors.seek_max_age}
        >
          {ages}
        </SelectField>
      </div>
      <p className="m-0 text-xs text-gray-600">{t('my_profile.seek_hint')}</p>
    </fieldset>
  );
}
