import { Hono } from 'hono';
import { pushSubscribeSchema } from '../../core/schemas/push';
import type { AppEnv } from '../context';
import { parseOrFail } from '../errors';
import { testPushHosts } from '../push/allowed-hosts';
import { deleteSubscription, saveSubscription } from '../push/subscriptions';
import { consentStatement } from '../services/consents';
import { LIVE_SENDER_HEADER, type LiveSender } from '../chat/member-hub';
import { memberHub } from '../services/live-events';
import { assertSameOriginUpgrade, jsonBody, requireMember } from './helpers';

/**
 * POST /api/user.php?push=1 stores the browser's push subscription (SPEC.md §7); DELETE with the same body
 * forgets it (the member switched push off in this browser). GET /api/live.php opens the live WebSocket.
 * Without ?push, user.php falls through to the session routes (login, who am I).
 */
export const chatPushRoutes = new Hono<AppEnv>();

chatPushRoutes.on(['POST', 'DELETE'], '/user.php', async (c, next) => {
  if (c.req.query('push') === undefined) return next();
  const member = requireMember(c);
  const { subscription } = parseOrFail(pushSubscribeSchema(testPushHosts(c.env)), await jsonBody(c));
  if (c.req.method === 'DELETE') {
    // Push is switched off in this browser: the consent log says so (issue 17, item 9).
    await deleteSubscription(c.env.DB, member.tenantId, member.id, subscription.endpoint, [consentStatement(c, member.id, 'push', false)]);
    return c.json({ ok: true });
  }
  await saveSubscription(c.env.DB, member.tenantId, member.id, subscription, c.get('now'), [consentStatement(c, member.id, 'push', true)]);
  return c.json({ ok: true }, 201);
});

/** The live WebSocket of the member's tabs (same-origin only: helpers.ts `assertSameOriginUpgrade`). */
chatPushRoutes.get('/live.php', async (c) => {
  const member = requireMember(c);
  assertSameOriginUpgrade(c);
  // The hub keeps who opened the socket, for the messages the tab sends over it (worker/chat/member-hub.ts).
  const sender: LiveSender = {
    id: member.id,
    tenantId: member.tenantId,
    profileId: member.profileId,
    tokenHash: member.tokenHash,
    language: c.get('language'),
  };
  const upgrade = new Request(c.req.raw);
  upgrade.headers.set(LIVE_SENDER_HEADER, JSON.stringify(sender));
  const res = await memberHub(c.env, member.tenantId, member.id).fetch(upgrade);
  // A fresh response: the hub's headers are immutable, and the security middleware adds its own.
  return new Response(null, { status: res.status, webSocket: res.webSocket });
});
