import { useEffect, useState, type FormEvent } from 'react';
import type { FictionalProfile, FirstMessageCandidate } from '../../../core/schemas/staff-answers';
import { BrandFilter, useDefaultBrand } from '../components/brand-filter';
import { Link } from '../components/link';
import { Thumb } from '../components/photo';
import { ApiError, staffSend } from '../lib/api';
import { brandInfo } from '../lib/boot';
import { t } from '../lib/i18n';
import { useStaffData } from '../lib/use-data';
import { Problem } from '../components/notice';

/** The filter is sent once the operator stops typing, not per key. */
function useSettled(value: string, ms = 300): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

type Sent = { name: string; brand: string; conversationId: number };

/** Sends the first message to the chosen member and, once sent, clears the choice and fetches the candidates again. */
function useSendFirstMessage(
  brand: string,
  profile: FictionalProfile | null,
  member: FirstMessageCandidate | null,
  text: string,
  done: () => Promise<void>,
) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<Sent | null>(null);
  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!profile || !member || !text.trim()) return;
    setBusy(true);
    setProblem(null);
    try {
      const answer = await staffSend('post', '/api/staff/first-message.php', {
        brand,
        profile_id: profile.id,
        member_id: member.id,
        text: text.trim(),
      });
      setSent({ name: member.name, brand, conversationId: answer.conversation_id });
      await done();
    } catch (e) {
      setProblem(e instanceof ApiError && e.status !== 0 ? e.message : t('errors.network'));
    } finally {
      setBusy(false);
    }
  };
  return { busy, problem, sent, send };
}

/** The choice of the fictional profile that writes (the brand's active ones). */
function ProfileSelect(props: { brand: string; active: FictionalProfile[]; value: number; onChange: (id: number) => void }) {
  const { brand, active, value, onChange } = props;
  return (
    <div className="field">
      <label htmlFor="first-profile">{t('first.profile')}</label>
      <select id="first-profile" value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {active.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name} ({p.age}, {p.city ?? p.country}) · {p.label || brandInfo(brand)?.fictional}
          </option>
        ))}
      </select>
    </div>
  );
}

interface CandidatesProps {
  brand: string;
  error: string | undefined;
  items: FirstMessageCandidate[] | undefined;
  member: FirstMessageCandidate | null;
  onChoose: (member: FirstMessageCandidate) => void;
}

/** The members the server says may receive a first message, one to choose. */
function CandidateList({ brand, error, items, member, onChoose }: CandidatesProps) {
  return (
    <fieldset className="candidates">
      <legend>{t('first.member')}</legend>
      <Problem message={error} />
      {items && items.length === 0 && <p className="empty">{t('first.no_members')}</p>}
      <ul data-testid="first-candidates">
        {items?.map((m) => (
          <li key={m.id}>
            <label className={member?.id === m.id ? 'candidate chosen' : 'candidate'}>
              <input type="radio" name="member" value={m.id} checked={member?.id === m.id} onChange={() => onChoose(m)} />
              {m.main_image ? (
                <Thumb brand={brand} image={m.main_image} alt="" size={48} />
              ) : (
                <span className="thumb empty" aria-hidden="true" />
              )}
              <span>
                <strong>{m.name}</strong> · {t('card.age_city', { age: m.age, city: m.city ?? m.country })}
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/**
 * An unsolicited first message from one of the brand's fictional profiles: pick the profile, pick a member the server
 * says may receive one (first-message-candidates.php applies the same rules as the send), write, send. The server
 * keeps the cap of one per member per day; its refusal is shown as is.
 */
export function FirstMessagesScreen() {
  const [brand, setBrand] = useState(useDefaultBrand());
  const profiles = useStaffData('/api/staff/profiles.php', { brand });
  const active = profiles.data?.profiles.filter((p) => p.active) ?? [];
  const [profileId, setProfileId] = useState<number | null>(null);
  const profile = active.find((p) => p.id === profileId) ?? active[0] ?? null;
  const [filter, setFilter] = useState('');
  const q = useSettled(filter.trim());
  const candidates = useStaffData(profile ? '/api/staff/first-message-candidates.php' : null, { brand, profile_id: profile?.id, q });
  const [member, setMember] = useState<FirstMessageCandidate | null>(null);
  const [text, setText] = useState('');
  const { busy, problem, sent, send } = useSendFirstMessage(brand, profile, member, text, async () => {
    setMember(null);
    setText('');
    await candidates.reload();
  });

  const changeBrand = (next: string) => {
    setBrand(next);
    setProfileId(null);
    setMember(null);
  };
  const changeProfile = (id: number) => {
    setProfileId(id);
    setMember(null);
  };

  return (
    <section aria-labelledby="first-title">
      <div className="screen-head">
        <h1 id="first-title">{t('first.title')}</h1>
        <BrandFilter value={brand} onChange={changeBrand} allowAll={false} />
      </div>
      <p className="hint">{t('first.rules')}</p>
      <Problem message={profiles.error?.message} />
      {profiles.data && active.length === 0 && <p className="empty">{t('first.no_profiles')}</p>}
      {profile && (
        <form className="card send-first-form" onSubmit={send} aria-describedby={problem ? 'first-error' : undefined}>
          <ProfileSelect brand={brand} active={active} value={profile.id} onChange={changeProfile} />
          <div className="field">
            <label htmlFor="first-filter">{t('first.filter')}</label>
            <input id="first-filter" type="search" value={filter} maxLength={60} onChange={(e) => setFilter(e.target.value)} />
          </div>
          <CandidateList
            brand={brand}
            error={candidates.error?.message}
            items={candidates.data?.items}
            member={member}
            onChoose={setMember}
          />
          <div className="field">
            <label htmlFor="first-text">
              {member ? t('first.text_to', { name: member.name, profile: profile.name }) : t('first.text')}
            </label>
            <textarea id="first-text" rows={3} maxLength={2000} value={text} onChange={(e) => setText(e.target.value)} />
          </div>
          <Problem message={problem} id="first-error" />
          {sent && (
            <p className="alert alert-success" role="status">
              {t('first.sent', { name: sent.name })} <Link href={`/staff/c/${sent.brand}/${sent.conversationId}`}>{t('first.open')}</Link>
            </p>
          )}
          <button type="submit" className="btn btn-primary" disabled={busy || !member || !text.trim()}>
            {t('first.send')}
          </button>
        </form>
      )}
    </section>
  );
}
