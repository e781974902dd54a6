import { Hono } from 'hono';
import { pushSubscribeSchema } from '../../core/schemas/push';
import type { AppEnv } from '../context';
import { testPushHosts } from '../push/allowed-hosts';
import { deleteSubscription } from '../push/subscriptions';
import { consentStatement } from '../auth/consents';
import { LIVE_SENDER_HEADER, type LiveSender } from './member-hub';
import { memberHub } from '../live/events';
import { assertSameOriginUpgrade } from '../http/helpers';
import { operation } from '../http/operation';
import { gateCountry } from '../age/gate';

/**
 * DELETE /api/user.php?push=1 forgets the browser's push subscription (the member switched push off in this
 * browser; POST stores it: session-routes.ts). GET /api/live.php opens the live WebSocket.
 */
export const chatPushRoutes = new Hono<AppEnv>();

operation(
  chatPushRoutes,
  'delete',
  '/api/user.php',
  async (c, { member, body: { subscription } }) => {
    // Push is switched off in this browser: the consent log says so (issue 17, item 9).
    await deleteSubscription(c.env.DB, member.tenantId, member.id, subscription.endpoint, [
      consentStatement(c, member.id, 'push', false, 'push'),
    ]);
    return { ok: true };
  },
  // The test push sink's host is a push service in test mode only (worker/push/allowed-hosts.ts).
  { body: (c) => pushSubscribeSchema(testPushHosts(c.env)) },
);

/** The live WebSocket of the member's tabs (same-origin only: helpers.ts `assertSameOriginUpgrade`). */
operation(chatPushRoutes, 'get', '/api/live.php', async (c, { member }) => {
  assertSameOriginUpgrade(c);
  // The hub keeps who opened the socket, for the messages the tab sends over it (worker/chat/member-hub.ts).
  const sender: LiveSender = {
    id: member.id,
    tenantId: member.tenantId,
    profileId: member.profileId,
    tokenHash: member.tokenHash,
    language: c.get('language'),
    country: gateCountry(c),
  };
  const upgrade = new Request(c.req.raw);
  upgrade.headers.set(LIVE_SENDER_HEADER, JSON.stringify(sender));
  const res = await memberHub(c.env, member.tenantId, member.id).fetch(upgrade);
  // A fresh response: the hub's headers are immutable, and the security middleware adds its own.
  return new Response(null, { status: res.status, webSocket: res.webSocket });
});
