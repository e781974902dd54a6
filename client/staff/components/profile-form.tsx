import { useState, type FormEvent } from 'react';
import { FictionalProfileSchema, type FictionalProfileInput } from '../../../core/schemas/staff';
import { INTERESTS } from '../../../core/data/interests';
import { ABOUT_MAX_LENGTH } from '../../../core/constants';
import { ApiError, staffSend } from '../lib/api';
import { brandInfo } from '../lib/boot';
import type { FictionalProfile } from '../lib/contract';
import { validate } from '../lib/form';
import { t, type StaffKey } from '../lib/i18n';
import { interestWords } from '../lib/interest-words';
import { labelOr } from '../lib/value-label';
import { Field } from './field';
import { Problem } from './notice';

const OPTIONS = {
  gender: ['female', 'male'],
  sexuality: ['hetero', 'gay', 'lesbian', 'bi'],
  body_type: ['', 'slim', 'normal', 'fat'],
  relationship_status: ['', 'single', 'unmarried', 'divorced', 'widowed', 'living_together', 'married'],
} as const;

function Select({
  name,
  value,
  options,
  error,
}: {
  name: keyof typeof OPTIONS;
  value: string;
  options: readonly string[];
  error?: string;
}) {
  return (
    <div className="field">
      <label htmlFor={`pf-${name}`}>{t(`profile.${name}` as StaffKey)}</label>
      <select id={`pf-${name}`} name={name} defaultValue={value} aria-invalid={error ? true : undefined}>
        {options.map((o) => (
          <option key={o} value={o}>
            {o ? t(`option.${o}` as StaffKey) : t('option.none')}
          </option>
        ))}
      </select>
      {error && <small className="error">{error}</small>}
    </div>
  );
}

/** The profile the form's fields describe, as the contract's input (empty optional texts are null). */
function profileInput(brand: string, form: FormData): FictionalProfileInput {
  const text = (name: string) => String(form.get(name) ?? '').trim() || null;
  return {
    brand,
    name: String(form.get('name') ?? ''),
    gender: String(form.get('gender')) as FictionalProfileInput['gender'],
    sexuality: String(form.get('sexuality')) as FictionalProfileInput['sexuality'],
    birthdate: String(form.get('birthdate') ?? ''),
    country: String(form.get('country') ?? ''),
    city: text('city'),
    body_type: (text('body_type') as FictionalProfileInput['body_type']) ?? null,
    relationship_status: (text('relationship_status') as FictionalProfileInput['relationship_status']) ?? null,
    about: text('about'),
    interests: form.getAll('interests').map(Number),
    active: form.get('active') === 'on',
  };
}

/** Validates the form and saves the profile (new or edited); the fields' errors and the server's refusal to show. */
function useSaveProfile(brand: string, p: FictionalProfile | null, onSaved: () => void) {
  const [fields, setFields] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = profileInput(brand, new FormData(event.currentTarget));
    const checked = validate(FictionalProfileSchema, input);
    if (!checked.ok) return setFields(checked.fields);
    setFields({});
    setBusy(true);
    setProblem(null);
    try {
      await (p
        ? staffSend('put', '/api/staff/profiles.php', { ...checked.value, id: p.id })
        : staffSend('post', '/api/staff/profiles.php', checked.value));
      onSaved();
    } catch (e) {
      setProblem(e instanceof ApiError && e.status !== 0 ? e.message : t('errors.network'));
      setBusy(false);
    }
  };
  return { fields, problem, busy, submit };
}

/** The profile's country, one of the brand's countries. */
function CountrySelect({ brand, p }: { brand: string; p: FictionalProfile | null }) {
  return (
    <div className="field">
      <label htmlFor="pf-country">{t('profile.country')}</label>
      <select id="pf-country" name="country" defaultValue={p?.country ?? brandInfo(brand)?.countries[0]}>
        {(brandInfo(brand)?.countries ?? [p?.country ?? 'NL']).map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A checkbox per interest, the profile's own ticked. */
function InterestChoices({ p }: { p: FictionalProfile | null }) {
  return (
    <fieldset className="interests">
      <legend>{t('profile.interests')}</legend>
      {INTERESTS.map((i) => (
        <label key={i.id}>
          <input type="checkbox" name="interests" value={i.id} defaultChecked={p?.interests.includes(i.id)} /> {i.icon}{' '}
          {interestWords(i.slug, labelOr)}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * Creates or edits a fictional profile. The form has no fictional switch: a fictional profile stays fictional
 * (the contract has no such field), and the brand's label is always shown with it.
 */
export function ProfileForm({
  brand,
  profile,
  onSaved,
  onCancel,
}: {
  brand: string;
  profile: FictionalProfile | null;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const p = profile;
  const { fields, problem, busy, submit } = useSaveProfile(brand, p, onSaved);

  return (
    <form onSubmit={submit} className="card profile-form" noValidate aria-labelledby="profile-form-title" data-testid="profile-form">
      <h2 id="profile-form-title">
        {p ? t('profiles.edit', { name: p.name }) : t('profiles.new')}{' '}
        <span className="label-fictional">{brandInfo(brand)?.fictional ?? t('profile.fictional')}</span>
      </h2>
      <div className="grid">
        <Field label={t('profile.name')} name="name" defaultValue={p?.name} required error={fields.name} />
        <Field label={t('profile.birthdate')} name="birthdate" type="date" defaultValue={p?.birthdate} required error={fields.birthdate} />
        <Select name="gender" value={p?.gender ?? 'female'} options={OPTIONS.gender} error={fields.gender} />
        <Select name="sexuality" value={p?.sexuality ?? 'hetero'} options={OPTIONS.sexuality} error={fields.sexuality} />
        <CountrySelect brand={brand} p={p} />
        <Field label={t('profile.city')} name="city" defaultValue={p?.city ?? ''} error={fields.city} />
        <Select name="body_type" value={p?.body_type ?? ''} options={OPTIONS.body_type} />
        <Select name="relationship_status" value={p?.relationship_status ?? ''} options={OPTIONS.relationship_status} />
      </div>
      <div className="field">
        <label htmlFor="pf-about">{t('profile.about')}</label>
        <textarea id="pf-about" name="about" rows={4} maxLength={ABOUT_MAX_LENGTH} defaultValue={p?.about ?? ''} />
      </div>
      <InterestChoices p={p} />
      <label className="check">
        <input type="checkbox" name="active" defaultChecked={p?.active ?? true} /> {t('profile.active')}
      </label>
      <Problem message={problem} />
      <div className="row">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('profiles.save')}
        </button>
        <button type="button" className="btn btn-outline" onClick={onCancel}>
          {t('profiles.cancel')}
        </button>
      </div>
    </form>
  );
}
