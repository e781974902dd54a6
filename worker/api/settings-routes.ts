import { Hono } from 'hono';
import { DeleteAccountSchema, MailEventSchema, NotificationUpdateSchema } from '../../core/schemas/account';
import { announceReleasedMessages } from '../chat/release';
import type { AppEnv } from '../context';
import { ApiFailure, parseOrFail } from '../errors';
import { findMemberByEmail, findMemberById, isRecoverable, restoreMember, softDeleteMember } from '../services/accounts';
import { consentStatement } from '../services/consents';
import { saveSettings, toSettings } from '../services/notification-settings';
import { verifyPassword } from '../services/passwords';
import { consumeToken, peekToken } from '../services/tokens';
import { clearSessionCookie } from '../session-cookie';
import { jsonBody, requireMember, sendRecoveryMail } from './helpers';
import { startSession } from './session-routes';

/** Notification settings, invisible mode, account deletion and recovery, and the mail provider's events. */
export const settingsRoutes = new Hono<AppEnv>();

settingsRoutes.get('/notifications.php', async (c) => {
  const member = requireMember(c);
  const row = await findMemberById(c.env.DB, c.get('tenant').id, member.id);
  return c.json(toSettings(row!));
});

settingsRoutes.put('/notifications.php', async (c) => {
  const member = requireMember(c);
  const tenantId = c.get('tenant').id;
  const update = parseOrFail(NotificationUpdateSchema, await jsonBody(c));
  const current = toSettings((await findMemberById(c.env.DB, tenantId, member.id))!);
  const emailTurnedOn = update.email && Object.values(update.email).some(Boolean);
  const next = {
    email: { ...current.email, ...update.email },
    push: { ...current.push, ...update.push },
    // Switching e-mail on again is the member's own choice after a bounce, complaint or unsubscribe.
    email_disabled_reason: emailTurnedOn ? null : current.email_disabled_reason,
    invisible: update.invisible ?? current.invisible,
  };
  // Marketing e-mail is a consent: each change is logged with the text it was given under (issue 17, item 9).
  const marketing = next.email.news !== current.email.news ? [consentStatement(c, member.id, 'marketing', next.email.news)] : [];
  await saveSettings(c.env.DB, tenantId, member.id, next, marketing);
  if (current.invisible && !next.invisible) c.executionCtx.waitUntil(announceReleasedMessages(c.env, tenantId, member.id, c.get('now')));
  return c.json(next);
});

settingsRoutes.post('/delete-account.php', async (c) => {
  const member = requireMember(c);
  const input = parseOrFail(DeleteAccountSchema, await jsonBody(c));
  if (!(await verifyPassword(member.passwordHash, input.password))) {
    throw new ApiFailure(400, 'old_password_wrong', 'validation.old_password_wrong', { password: 'validation.old_password_wrong' });
  }
  const reason = input.reason_text ? `${input.reason}: ${input.reason_text}` : input.reason;
  const previous = await softDeleteMember(c.env.DB, c.get('tenant').id, member.id, reason, c.get('now'));
  clearSessionCookie(c);
  await sendRecoveryMail(c, member.id, member.email, member.language, previous);
  return c.json({ ok: true });
});

settingsRoutes.get('/recover-account.php', async (c) => {
  const tenantId = c.get('tenant').id;
  const now = c.get('now');
  const redeemed = await consumeToken(c.env, c.req.query('token') ?? '', tenantId, 'account_recovery', now);
  const member = redeemed && (await findMemberById(c.env.DB, tenantId, redeemed.memberId));
  if (!member || !isRecoverable(member, now)) return c.redirect('/activate/error', 303);
  await restoreMember(c.env.DB, tenantId, member.id, redeemed.data ?? 'confirmed');
  await startSession(c, member.id);
  return c.redirect('/members', 303);
});

async function disableEmail(db: D1Database, tenantId: string, memberId: number, reason: 'fbl' | 'bounce' | 'unsubscribe') {
  const row = await findMemberById(db, tenantId, memberId);
  if (row) await saveSettings(db, tenantId, memberId, { ...toSettings(row), email_disabled_reason: reason });
}

// RFC 8058 one-click unsubscribe: mail clients POST "List-Unsubscribe=One-Click" to the link; a person opening
// the link gets a page with a button that does the same POST. The link may be used again.
settingsRoutes.get('/unsubscribe.php', (c) => {
  const t = c.get('t');
  const action = `/api/unsubscribe.php?token=${encodeURIComponent(c.req.query('token') ?? '')}`;
  return c.html(
    `<!doctype html><html lang="${c.get('language')}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${t('unsubscribe.title')}</title></head>` +
      `<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem"><h1>${t('unsubscribe.title')}</h1>` +
      `<form method="post" action="${action.replace(/"/g, '&quot;')}"><input type="hidden" name="List-Unsubscribe" value="One-Click">` +
      `<button type="submit">${t('unsubscribe.confirm')}</button></form></body></html>`,
  );
});

settingsRoutes.post('/unsubscribe.php', async (c) => {
  const tenantId = c.get('tenant').id;
  const redeemed = await peekToken(c.env, c.req.query('token') ?? '', tenantId, 'unsubscribe', c.get('now'));
  if (!redeemed) throw new ApiFailure(400, 'link_invalid', 'errors.link_invalid');
  await disableEmail(c.env.DB, tenantId, redeemed.memberId, 'unsubscribe');
  if (c.req.header('content-type')?.includes('form')) return c.html(`<!doctype html><meta charset="utf-8"><p>${c.get('t')('unsubscribe.done')}</p>`);
  return c.json({ ok: true });
});

const EVENT_REASON = { complaint: 'fbl', bounce: 'bounce', unsubscribe: 'unsubscribe' } as const;

/** The mail provider's feedback (spam complaint, bounce, list-unsubscribe) switches e-mail off for that address. */
settingsRoutes.post('/mail-events.php', async (c) => {
  const secret = c.env.MAIL_EVENTS_SECRET;
  if (!secret || c.req.header('x-mail-events-secret') !== secret) throw new ApiFailure(401, 'unauthorized', 'errors.unauthorized');
  const event = parseOrFail(MailEventSchema, await jsonBody(c));
  const member = await findMemberByEmail(c.env.DB, c.get('tenant').id, event.email.toLowerCase());
  if (member) await disableEmail(c.env.DB, c.get('tenant').id, member.id, EVENT_REASON[event.type]);
  return c.json({ ok: true });
});
