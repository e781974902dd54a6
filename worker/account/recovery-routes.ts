import { Hono } from 'hono';
import { clientIp, type AppEnv } from '../context';
import { ApiFailure } from '../errors';
import { changeEmail, findMemberByEmail, findMemberById, replacePassword } from './accounts';
import { refuseCommonPassword } from '../auth/common-passwords';
import { verifyPassword } from '../auth/passwords';
import { revokeSessions } from '../auth/sessions';
import { consumeToken, issueToken, issueTokenWithin, tokenClaims } from '../auth/tokens';
import { userOf } from '../auth/users';
import { rememberPasswordBrowser, startSession } from './login';
import { limit, link, mailTo, requireMember } from '../http/helpers';
import { operation } from '../http/operation';
import { endedByPasswordChange, type MailMove, parseMove, undoMailChange } from './mail-undo';

/**
 * Password reset, password change and e-mail change. Each change ends the member's other sessions and every reset
 * and e-mail change link still open; a new password also ends the login lockout.
 */
export const recoveryRoutes = new Hono<AppEnv>();

const RESET_MAILS_PER_DAY = 3;
const linkInvalid = () => new ApiFailure(400, 'link_invalid', 'errors.link_invalid');

operation(
  recoveryRoutes,
  'post',
  '/api/reset-password.php',
  async (c, { body: { email } }) => {
    const tenantId = c.get('tenant').id;
    const now = c.get('now');
    const member = await findMemberByEmail(c.env.DB, tenantId, email);
    // SPEC.md §8 names 'E-mailadres niet gevonden', so this answer does say whether the address has an account.
    if (!member || member.status === 'deleted')
      throw new ApiFailure(404, 'email_not_found', 'errors.email_not_found', { email: 'errors.email_not_found' });
    // The cap is decided and counted in the statement that stores the link: of parallel requests at most three mail.
    const token = await issueTokenWithin(
      c.env,
      { tenantId, memberId: member.id, purpose: 'password_reset', now },
      { max: RESET_MAILS_PER_DAY, since: new Date(now.getTime() - 86_400_000) },
    );
    if (!token) throw new ApiFailure(429, 'reset_limit', 'errors.reset_limit');
    await mailTo(c, member.email, member.language, 'password_reset', { link: link(c, '/reset-password/do', token) }, undefined, member.id);
    return { ok: true };
  },
  { before: (c) => limit(c, `reset:ip:${clientIp(c)}`, { limit: 10, windowSeconds: 3600 }) },
);

operation(recoveryRoutes, 'put', '/api/reset-password.php', async (c, { body: input }) => {
  const tenantId = c.get('tenant').id;
  const now = c.get('now');
  await refuseCommonPassword(input.password);
  const claims = await tokenClaims(c.env, input.token, tenantId, 'password_reset', now);
  if (!claims) throw linkInvalid();
  // The link is used up in the batch that sets the password, which also ends every other link, the sessions and
  // the lockout: a link used twice, or after another one, finds itself ended.
  const set = await replacePassword(c.env.DB, { tenantId, memberId: claims.memberId, password: input.password, now, resetJti: claims.jti });
  const member = set && (await findMemberById(c.env.DB, tenantId, claims.memberId));
  if (!member) throw linkInvalid();
  await mailTo(c, member.email, member.language, 'password_changed', {}, undefined, member.id);
  await rememberPasswordBrowser(c, member);
  return { user: await startSession(c, member.id) };
});

operation(
  recoveryRoutes,
  'put',
  '/api/password.php',
  async (c, { member, body: input }) => {
    const tenantId = c.get('tenant').id;
    const now = c.get('now');
    await refuseCommonPassword(input.password);
    const oldWrong = () =>
      new ApiFailure(400, 'old_password_wrong', 'validation.old_password_wrong', { old_password: 'validation.old_password_wrong' });
    if (!(await verifyPassword(member.passwordHash, input.old_password))) throw oldWrong();
    // Only over the hash just checked: a change made meanwhile (another session, a reset) wins, this one is refused.
    const set = await replacePassword(c.env.DB, {
      tenantId,
      memberId: member.id,
      password: input.password,
      now,
      expectHash: member.passwordHash,
      keepSessionHash: member.tokenHash,
    });
    if (!set) throw oldWrong();
    await mailTo(c, member.email, member.language, 'password_changed', {}, undefined, member.id);
    // The new password ends every browser's proof; this browser, which set it, is known again.
    const changed = await findMemberById(c.env.DB, tenantId, member.id);
    if (changed) await rememberPasswordBrowser(c, changed);
    return { ok: true };
  },
  { before: (c) => limit(c, `password:${requireMember(c).id}`, { limit: 10, windowSeconds: 3600 }) },
);

operation(
  recoveryRoutes,
  'post',
  '/api/mail-change.php',
  async (c, { member, body: input }) => {
    const tenantId = c.get('tenant').id;
    if (!(await verifyPassword(member.passwordHash, input.password))) {
      const wrong = 'validation.current_password_wrong';
      throw new ApiFailure(400, 'old_password_wrong', wrong, { password: wrong });
    }
    if (input.new_email === member.email || (await findMemberByEmail(c.env.DB, tenantId, input.new_email))) {
      throw new ApiFailure(409, 'email_taken', 'validation.email_taken', { new_email: 'validation.email_taken' });
    }
    const token = await issueToken(c.env, {
      tenantId,
      memberId: member.id,
      purpose: 'mail_change',
      now: c.get('now'),
      data: input.new_email,
    });
    await mailTo(
      c,
      input.new_email,
      member.language,
      'mail_change',
      { link: link(c, '/mail-change/do', token), new_email: input.new_email },
      undefined,
      member.id,
    );
    return { ok: true };
  },
  { before: (c) => limit(c, `mail-change:${requireMember(c).id}`, { limit: 5, windowSeconds: 3600 }) },
);

operation(recoveryRoutes, 'put', '/api/mail-change.php', async (c, { member: session, body: { token } }) => {
  const tenantId = c.get('tenant').id;
  const now = c.get('now');
  const redeemed = await consumeToken(c.env, token, tenantId, 'mail_change', now);
  if (!redeemed?.data) {
    // A password change since the link was mailed ended it: the page says that, not "expired or invalid".
    if (await endedByPasswordChange(c.env, token, tenantId, now)) {
      throw new ApiFailure(400, 'link_ended_by_password', 'errors.link_ended_by_password');
    }
    throw linkInvalid();
  }
  const before = await findMemberById(c.env.DB, tenantId, redeemed.memberId);
  const moved = await changeEmail(c.env.DB, tenantId, redeemed.memberId, redeemed.data, now);
  if (moved === null) throw new ApiFailure(409, 'email_taken', 'validation.email_taken');
  if (!moved || !before) throw linkInvalid();
  const current = session?.id === redeemed.memberId ? session : null;
  await revokeSessions(c.env.DB, tenantId, redeemed.memberId, now, current?.tokenHash);
  // The old address hears of it and can undo it for 7 days (issue 46, item 5): a stolen password is not enough to
  // take the account away from whoever reads the old mailbox.
  const undo = await issueToken(c.env, {
    tenantId,
    memberId: redeemed.memberId,
    purpose: 'mail_change_undo',
    now,
    data: JSON.stringify({ from: before.email, to: redeemed.data } satisfies MailMove),
  });
  await mailTo(
    c,
    before.email,
    before.language,
    'mail_changed',
    { link: link(c, '/api/mail-change-undo.php', undo), new_email: redeemed.data },
    undefined,
    redeemed.memberId,
  );
  return { user: current ? userOf(c.get('tenant'), { ...current, email: redeemed.data }) : null };
});

operation(recoveryRoutes, 'get', '/api/mail-change-undo.php', async (c, { query }) => {
  const tenantId = c.get('tenant').id;
  const now = c.get('now');
  const redeemed = await consumeToken(c.env, query.token, tenantId, 'mail_change_undo', now);
  const move = redeemed && parseMove(redeemed.data);
  const restored = move && (await undoMailChange(c.env.DB, tenantId, redeemed.memberId, move, now));
  if (!move || !restored) return c.redirect('/activate/error', 303);
  const member = await findMemberById(c.env.DB, tenantId, redeemed.memberId);
  await mailTo(
    c,
    move.from,
    member?.language ?? null,
    'mail_restored',
    { link: link(c, '/reset-password'), old_email: move.to },
    undefined,
    redeemed.memberId,
  );
  return c.redirect('/reset-password?mail_restored=1', 303);
});
