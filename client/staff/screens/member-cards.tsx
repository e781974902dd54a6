import type { StaffMemberDetail } from '../../../core/schemas/staff-back-office-answers';
import { MemberAction } from '../components/member-action';
import { Thumb } from '../components/photo';
import { formatDateTime, t } from '../lib/i18n';
import { valueLabel } from '../lib/value-label';

/** Shows a notice and reloads the member: `done(message)` is the onDone of an action. */
export type Done = (message: string) => () => void;

type Account = StaffMemberDetail['account'];

/** The account card of the member screen: its facts, and the actions while the account is not deleted. */
export function AccountCard({ account: a, done }: { account: Account; done: Done }) {
  return (
    <section className="card" aria-labelledby="m-account">
      <h2 id="m-account">{t('member.account')}</h2>
      <AccountFacts account={a} />
      {a.status !== 'deleted' && <AccountActions account={a} done={done} />}
    </section>
  );
}

/** The account's facts: e-mail, status (and block), signup and its source, language, country, premium, credits. */
function AccountFacts({ account: a }: { account: Account }) {
  return (
    <dl className="facts">
      <dt>{t('members.email')}</dt>
      <dd>{a.email}</dd>
      <dt>{t('members.status')}</dt>
      <dd data-testid="member-status">
        {t(`member.status.${a.status}` as 'member.status.confirmed')}
        {a.blocked_at && (
          <>
            {' '}
            · <strong>{t('member.blocked')}</strong> ({formatDateTime(a.blocked_at)}: {a.blocked_reason})
          </>
        )}
      </dd>
      <dt>{t('members.signup')}</dt>
      <dd>{formatDateTime(a.signup_date)}</dd>
      <dt>{t('member.source')}</dt>
      <dd>
        {a.source
          ? Object.entries(a.source)
              .map(([k, v]) => `${k}=${v}`)
              .join(', ')
          : t('member.direct')}
        {a.invite_code && ` · ${t('member.invite', { code: a.invite_code })}`}
      </dd>
      <dt>{t('member.language')}</dt>
      <dd>{a.language ?? '–'}</dd>
      <dt>{t('member.country')}</dt>
      <dd>{a.country}</dd>
      <dt>{t('member.premium')}</dt>
      <dd>{a.premium ? t('member.yes') : t('member.no')}</dd>
      <dt>{t('members.credits')}</dt>
      <dd data-testid="member-credits">{a.credits}</dd>
      <dt>{t('member.directdebit')}</dt>
      <dd>{a.directdebit_blocked ? t('member.directdebit_blocked') : t('member.directdebit_allowed')}</dd>
      <dt>{t('member.purchases')}</dt>
      <dd data-testid="member-purchases">{a.purchases_blocked ? t('member.purchases_blocked') : t('member.purchases_allowed')}</dd>
      <dt>{t('member.age_check')}</dt>
      <dd data-testid="member-age-check">
        {t(`member.age_check_${a.age_check.status}`)}
        {a.age_check.method && ` · ${a.age_check.method}`}
        {a.age_check.checked_at && ` · ${formatDateTime(a.age_check.checked_at)}`}
        {a.age_check.attempts > 0 && ` · ${t('member.age_check_attempts', { n: a.age_check.attempts })}`}
      </dd>
    </dl>
  );
}

/** The account's actions: credits, (un)block, direct debit, activation mail, sessions, deletion. */
function AccountActions({ account: a, done }: { account: Account; done: Done }) {
  const on = { brand: a.brand, member_id: a.id };
  return (
    <div className="row" role="group" aria-label={t('member.actions')}>
      <MemberAction
        label={t('member.adjust')}
        explain={t('member.adjust_explain')}
        path="/api/staff/credits.php"
        method="post"
        body={on}
        withDelta
        onDone={done(t('member.adjusted'))}
      />
      <BlockActions account={a} done={done} />
      {a.status === 'not_confirmed' && !a.blocked_at && (
        <MemberAction
          label={t('member.resend')}
          explain={t('member.resend_explain')}
          path="/api/staff/resend-activation.php"
          method="post"
          body={on}
          onDone={done(t('member.resent'))}
        />
      )}
      <MemberAction
        label={t('member.end_sessions')}
        explain={t('member.end_sessions_explain')}
        path="/api/staff/member-sessions.php"
        method="delete"
        body={on}
        danger
        onDone={done(t('member.done'))}
      />
      <MemberAction
        label={t('member.delete')}
        explain={t('member.delete_explain')}
        path="/api/staff/member.php"
        method="delete"
        body={on}
        danger
        onDone={done(t('member.deleted'))}
      />
    </div>
  );
}

/** Block or unblock the account, and its direct debit: each offers the one that applies now. */
function BlockActions({ account: a, done }: { account: Account; done: Done }) {
  const on = { brand: a.brand, member_id: a.id };
  return (
    <>
      {a.blocked_at ? (
        <MemberAction
          label={t('member.unblock')}
          explain={t('member.unblock_explain')}
          path="/api/staff/block.php"
          method="delete"
          body={on}
          onDone={done(t('member.unblocked'))}
        />
      ) : (
        <MemberAction
          label={t('member.block')}
          explain={t('member.block_explain')}
          path="/api/staff/block.php"
          method="post"
          body={on}
          danger
          onDone={done(t('member.blocked_done'))}
        />
      )}
      {a.directdebit_blocked ? (
        <MemberAction
          label={t('member.dd_unblock')}
          explain={t('member.dd_unblock_explain')}
          path="/api/staff/directdebit-block.php"
          method="delete"
          body={on}
          onDone={done(t('member.done'))}
        />
      ) : (
        <MemberAction
          label={t('member.dd_block')}
          explain={t('member.dd_block_explain')}
          path="/api/staff/directdebit-block.php"
          method="post"
          body={on}
          danger
          onDone={done(t('member.done'))}
        />
      )}
      {/* Issue 44 item 4: purchases only; the account (login, data, chat) stays usable. */}
      {a.purchases_blocked ? (
        <MemberAction
          label={t('member.purchase_unblock')}
          explain={t('member.purchase_unblock_explain')}
          path="/api/staff/purchase-block.php"
          method="delete"
          body={on}
          onDone={done(t('member.done'))}
        />
      ) : (
        <MemberAction
          label={t('member.purchase_block')}
          explain={t('member.purchase_block_explain')}
          path="/api/staff/purchase-block.php"
          method="post"
          body={on}
          danger
          onDone={done(t('member.done'))}
        />
      )}
    </>
  );
}

/** The profile card of the member screen: its summary, about text, photos and conversation counts. */
export function ProfileCard({
  brand,
  profile,
  conversations,
}: {
  brand: string;
  profile: StaffMemberDetail['profile'];
  conversations: StaffMemberDetail['conversations'];
}) {
  const alt = (status: string) => t('member.photo_alt', { name: profile.name, status: valueLabel('photo_status', status) });
  return (
    <section className="card" aria-labelledby="m-profile">
      <h2 id="m-profile">{t('member.profile')}</h2>
      <p>
        {[profile.name, valueLabel('gender', profile.gender), profile.birthdate, profile.city, valueLabel('profile_status', profile.status)]
          .filter(Boolean)
          .join(' · ')}
      </p>
      {profile.about && <p className="about">{profile.about}</p>}
      <ul className="photos">
        {profile.photos.map((p) => (
          <li key={p.id}>
            {p.status === 'rejected' ? (
              // A rejected photo's files are deleted at once (worker/photos/moderation.ts): its row is all that is left.
              <span className="thumb empty" role="img" aria-label={alt(p.status)}>
                {valueLabel('photo_status', p.status)}
              </span>
            ) : (
              <Thumb brand={brand} image={p} alt={alt(p.status)} />
            )}
          </li>
        ))}
      </ul>
      <h3>{t('member.conversations')}</h3>
      <p>
        {t('member.conversation_counts', {
          members: conversations.with_members,
          fictional: conversations.with_fictional,
          sent: conversations.messages_sent,
        })}
      </p>
    </section>
  );
}
