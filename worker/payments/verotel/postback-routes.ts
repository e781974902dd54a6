import { Hono } from 'hono';
import { operation } from '../../http/operation';
import type { AppEnv } from '../../context';
import { settleContext } from '../checkout';
import { providerFor } from '../provider';
import { handlePostback } from './postback';

/**
 * GET /api/verotel-postback.php: Verotel FlexPay's postback (Verotel calls the URL set for the website in its Control
 * Center with the data as query parameters, and reads the body: "OK" or anything else). worker/payments/verotel/
 * postback.ts decides; the raw query is passed on whole, because the signature covers every parameter it carries.
 */
export const verotelPostbackRoutes = new Hono<AppEnv>();

operation(verotelPostbackRoutes, 'get', '/api/verotel-postback.php', async (c) => {
  // A brand may route only some countries to Verotel (payments.routes); one without Verotel set up has no postbacks.
  if (!c.get('tenant').payments.verotel) return c.text('ERROR - no Verotel here', 400);
  const provider = providerFor(c.env, c.get('tenant'), 'verotel');
  const answer = await handlePostback(settleContext(c, provider), new URL(c.req.url).searchParams);
  return c.text(answer.body, answer.status);
});
