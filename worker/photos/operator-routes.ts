import { Hono } from 'hono';
import { ModerationSchema } from '../../core/schemas/photos';
import type { AppContext, AppEnv } from '../context';
import { ApiFailure, parseOrFail } from '../errors';
import { approvePhoto, isOperator, moderationToken, pendingPhotos, rejectPhoto, sameToken } from './moderation';
import { operatorMessagePage, operatorPage } from './operator-page';

/**
 * /operator/photos: the brand's operators approve or reject pending photos. Only a member with role 'operator'
 * of the request's brand gets in; everyone else logged in gets 403, visitors go to the login page. Forms are
 * protected twice: the app's Origin check (worker/middleware/csrf.ts) and a token bound to the session.
 */
export const operatorRoutes = new Hono<AppEnv>();

const NO_STORE = { 'Cache-Control': 'no-store' };

async function requireOperator(c: AppContext) {
  const member = c.get('member');
  if (!member) return { response: c.redirect('/login', 302) };
  if (!(await isOperator(c.env.DB, c.get('tenant').id, member.id))) {
    return { response: c.html(operatorMessagePage(pageBase(c), c.get('t')('operator.forbidden')), 403, NO_STORE) };
  }
  return { member, csrf: await moderationToken(c.env.APP_SECRET, c.get('tenant').id, member.tokenHash) };
}

const pageBase = (c: AppContext) => ({ t: c.get('t'), language: c.get('language'), brand: c.get('tenant').settings.name });

const NOTICES = { approved: 'ok', rejected: 'ok', gone: 'error' } as const;

operatorRoutes.get('/photos', async (c) => {
  const auth = await requireOperator(c);
  if ('response' in auth) return auth.response;
  const tenant = c.get('tenant');
  const { photos, total } = await pendingPhotos(c.env.DB, tenant.id);
  const done = c.req.query('done') as keyof typeof NOTICES | undefined;
  const notice = done && done in NOTICES ? { tone: NOTICES[done], text: c.get('t')(`operator.notice.${done}`) } : null;
  return c.html(
    operatorPage({ ...pageBase(c), cdnPrefix: tenant.settings.cdn_prefix, csrf: auth.csrf, photos, total, notice }),
    200,
    NO_STORE,
  );
});

operatorRoutes.post('/photos', async (c) => {
  const auth = await requireOperator(c);
  if ('response' in auth) return auth.response;
  let decision;
  try {
    decision = parseOrFail(ModerationSchema, await c.req.parseBody());
  } catch (error) {
    if (!(error instanceof ApiFailure)) throw error;
    return c.html(operatorMessagePage(pageBase(c), c.get('t')('validation.failed')), 400, NO_STORE);
  }
  if (!sameToken(decision.csrf, auth.csrf)) return c.html(operatorMessagePage(pageBase(c), c.get('t')('errors.csrf')), 403, NO_STORE);
  const base = { tenantId: c.get('tenant').id, photoId: decision.photo_id, operatorId: auth.member.id, now: c.get('now') };
  const ok = decision.decision === 'approve' ? await approvePhoto(c.env.DB, base) : await rejectPhoto(c.env, { ...base, reason: decision.reason });
  const done = ok ? (decision.decision === 'approve' ? 'approved' : 'rejected') : 'gone';
  // Post/redirect/get: a reload does not send the decision again.
  return c.redirect(`/operator/photos?done=${done}`, 303);
});
