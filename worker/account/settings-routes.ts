import { Hono } from 'hono';
import { html } from 'hono/html';
import { NOTIFICATION_TYPES, type NotificationType } from '../../core/rules/consent';
import { announceReleasedMessages } from '../chat/release';
import type { AppEnv } from '../context';
import { ApiFailure } from '../errors';
import { findMemberByEmail, findMemberById, isRecoverable, restoreMember, softDeleteMember } from './accounts';
import { consentStatementWhen } from '../auth/consents';
import { disableEmail, onSql, switchOffEmailType, toSettings, updateSettings } from '../auth/notification-settings';
import { verifyPassword } from '../auth/passwords';
import { consumeToken, peekToken } from '../auth/tokens';
import { clearSessionCookie } from '../auth/session-cookie';
import { startSessionFromLink } from './login';
import { operation } from '../http/operation';
import { mailScope, sendRecoveryMail } from '../mail/scope';
import { unusedCredits } from '../payments/unused-credits';
import { userOf } from '../auth/users';
import { setMemberCurrency } from './currency';

/** Notification settings, invisible mode, account deletion and recovery, and the mail provider's events. */
export const settingsRoutes = new Hono<AppEnv>();

operation(settingsRoutes, 'get', '/api/notifications.php', async (c, { member }) => {
  const row = await findMemberById(c.env.DB, c.get('tenant').id, member.id);
  return toSettings(row!);
});

operation(settingsRoutes, 'put', '/api/notifications.php', async (c, { member, body: update }) => {
  const tenantId = c.get('tenant').id;
  // Marketing e-mail is a consent: each change is logged with the text it was given under (issue 17, item 9).
  const { settings, wasInvisible } = await updateSettings(c.env.DB, tenantId, member.id, update, (granted, changed) =>
    consentStatementWhen(c, member.id, 'marketing', granted, changed, 'settings'),
  );
  if (wasInvisible && !settings.invisible) c.executionCtx.waitUntil(announceReleasedMessages(c.env, tenantId, member.id, c.get('now')));
  return settings;
});

operation(settingsRoutes, 'put', '/api/currency.php', async (c, { member, body }) => {
  await setMemberCurrency(c.env.DB, c.get('tenant'), member.id, body.currency);
  return { user: userOf(c.get('tenant'), { ...member, currency: body.currency }) };
});

operation(settingsRoutes, 'post', '/api/delete-account.php', async (c, { member, body: input }) => {
  if (!(await verifyPassword(member.passwordHash, input.password))) {
    const wrong = 'validation.current_password_wrong';
    throw new ApiFailure(400, 'old_password_wrong', wrong, { password: wrong });
  }
  const reason = input.reason_text ? `${input.reason}: ${input.reason_text}` : input.reason;
  const previous = await softDeleteMember(c.env.DB, c.get('tenant').id, member.id, reason, c.get('now'));
  clearSessionCookie(c);
  // Null: a second request of the same deletion at the same moment; the first one sent the mail.
  if (previous !== null) await sendRecoveryMail(mailScope(c), member.id, member.email, member.language, previous);
  return { ok: true };
});

operation(settingsRoutes, 'get', '/api/unused-credits.php', async (c, { member }) =>
  unusedCredits(c.env.DB, c.get('tenant').id, member.id, c.get('tenant').settings.refund_days, c.get('now')),
);

operation(settingsRoutes, 'get', '/api/recover-account.php', async (c, { query }) => {
  const tenantId = c.get('tenant').id;
  const now = c.get('now');
  const redeemed = await consumeToken(c.env, query.token, tenantId, 'account_recovery', now);
  const member = redeemed && (await findMemberById(c.env.DB, tenantId, redeemed.memberId));
  if (!member || !isRecoverable(member, now)) return c.redirect('/activate/error', 303);
  await restoreMember(c.env.DB, tenantId, member.id, redeemed.data ?? 'confirmed');
  await startSessionFromLink(c, member.id);
  return c.redirect('/members', 303);
});

/**
 * A notification mail's login link (brands with `mail_login_links`): used once, within 15 minutes, by a confirmed
 * member; opens the page the mail named (a path the server wrote into the token). A used or expired link logs
 * nobody in and leads to /members (the members-area guard sends a member without a session to the login page).
 */
operation(settingsRoutes, 'get', '/api/mail-login.php', async (c, { query }) => {
  const tenantId = c.get('tenant').id;
  const redeemed = await consumeToken(c.env, query.token, tenantId, 'mail_login', c.get('now'));
  const member = redeemed && (await findMemberById(c.env.DB, tenantId, redeemed.memberId));
  const path = redeemed?.data?.startsWith('/') && !redeemed.data.startsWith('//') ? redeemed.data : '/members';
  if (member && member.status === 'confirmed') await startSessionFromLink(c, member.id);
  return c.redirect(path, 303);
});

/** The notification type an unsubscribe link names (notification mails, issue 18; news, issue 46), or null: all e-mail. */
const typeOf = (data: string | null): NotificationType | null =>
  (NOTIFICATION_TYPES as readonly string[]).includes(data ?? '') ? (data as NotificationType) : null;

// RFC 8058 one-click unsubscribe: mail clients POST "List-Unsubscribe=One-Click" to the link; a person opening
// the link gets a page with a button that does the same POST. The link may be used again. A link from a
// notification mail switches off exactly that type's e-mails; any other switches off e-mail as a whole.
operation(settingsRoutes, 'get', '/api/unsubscribe.php', async (c, { query: { token } }) => {
  const t = c.get('t');
  const redeemed = await peekToken(c.env, token, c.get('tenant').id, 'unsubscribe', c.get('now'));
  const type = typeOf(redeemed?.data ?? null);
  const what = type && t(`settings.notifications.types.${type}`);
  const title = what ? t('unsubscribe.type_title', { what }) : t('unsubscribe.title');
  const action = `/api/unsubscribe.php?token=${encodeURIComponent(token)}`;
  return c.html(
    html`<!doctype html><html lang="${c.get('language')}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem"><h1>${title}</h1>
<form method="post" action="${action}"><input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">${what ? t('unsubscribe.type_confirm') : t('unsubscribe.confirm')}</button></form></body></html>`,
  );
});

operation(settingsRoutes, 'post', '/api/unsubscribe.php', async (c, { query }) => {
  const tenantId = c.get('tenant').id;
  const redeemed = await peekToken(c.env, query.token, tenantId, 'unsubscribe', c.get('now'));
  if (!redeemed) throw new ApiFailure(400, 'link_invalid', 'errors.link_invalid');
  const type = typeOf(redeemed.data);
  // News is the marketing consent: its withdrawal by the link is logged (with the link as its source), once.
  const withdrawn =
    type === 'news'
      ? [
          consentStatementWhen(
            c,
            redeemed.memberId,
            'marketing',
            false,
            {
              sql: `EXISTS (SELECT 1 FROM members WHERE id = ? AND tenant_id = ? AND ${onSql('email', 'news')} = 1)`,
              binds: [redeemed.memberId, tenantId],
            },
            'unsubscribe',
          ),
        ]
      : [];
  if (type) await switchOffEmailType(c.env.DB, tenantId, redeemed.memberId, type, withdrawn);
  else await disableEmail(c.env.DB, tenantId, redeemed.memberId, 'unsubscribe');
  const t = c.get('t');
  const done = type ? t('unsubscribe.type_done', { what: t(`settings.notifications.types.${type}`) }) : t('unsubscribe.done');
  if (c.req.header('content-type')?.includes('form')) return c.html(html`<!doctype html><meta charset="utf-8"><p>${done}</p>`);
  // Not the contract's use (RFC 8058's one-click post is a form): a script's JSON post gets a JSON answer.
  return c.json({ ok: true });
});

const EVENT_REASON = { complaint: 'fbl', bounce: 'bounce', unsubscribe: 'unsubscribe' } as const;

/** The mail provider's feedback (spam complaint, bounce, list-unsubscribe) switches e-mail off for that address. */
operation(
  settingsRoutes,
  'post',
  '/api/mail-events.php',
  async (c, { body: event }) => {
    const member = await findMemberByEmail(c.env.DB, c.get('tenant').id, event.email.toLowerCase());
    if (member) await disableEmail(c.env.DB, c.get('tenant').id, member.id, EVENT_REASON[event.type]);
    return { ok: true };
  },
  {
    // The secret first: a caller without it learns nothing about the body it sent.
    before: (c) => {
      const secret = c.env.MAIL_EVENTS_SECRET;
      if (!secret || c.req.header('x-mail-events-secret') !== secret) throw new ApiFailure(401, 'unauthorized', 'errors.unauthorized');
    },
  },
);
