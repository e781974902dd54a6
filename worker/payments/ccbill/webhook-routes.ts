import { Hono } from 'hono';
import { isLocal, type AppEnv } from '../../context';
import { operation } from '../../http/operation';
import { logEvent } from '../../log';
import { settleContext } from '../checkout';
import { providerFor } from '../provider';
import type { CcbillProvider } from './adapter';
import { returnFromForm } from './cascade';
import { isCcbillAddress, webhookFields } from './protocol';
import { handleWebhook } from './webhook';

/**
 * POST /api/ccbill-webhook.php: CCBill's webhooks (the URL set for the subaccount in CCBill's Admin Portal; JSON or
 * URL-encoded, eventType in the query). Outside local mode only CCBill's published addresses are heard.
 * GET /api/ccbill-return.php: the FlexForm's approval and decline URL (cascade.ts).
 */
export const ccbillRoutes = new Hono<AppEnv>();

operation(ccbillRoutes, 'post', '/api/ccbill-webhook.php', async (c) => {
  const tenant = c.get('tenant');
  const ip = c.req.header('CF-Connecting-IP') ?? null;
  const refused = (reason: string) => {
    logEvent('warn', `ccbill webhook refused: ${reason}`, { tenant: tenant.id, ip });
    return c.text(`ERROR - ${reason}`, 400);
  };
  if (!tenant.payments.ccbill) return refused('no CCBill here');
  if (!isLocal(c.env) && !isCcbillAddress(ip)) return refused('not from a CCBill address');
  const params = await webhookFields(c.req.raw);
  if (!params) return refused('unreadable body');
  const provider = providerFor(c.env, tenant, 'ccbill') as CcbillProvider;
  const answer = await handleWebhook(settleContext(c, provider), provider, params);
  return c.text(answer.body, answer.status);
});

operation(ccbillRoutes, 'get', '/api/ccbill-return.php', async (c, { member, query }) =>
  c.redirect(await returnFromForm(c, member, query.orderRef), 303),
);
