import { Hono } from 'hono';
import { operation } from '../http/operation';
import type { AppContext, AppEnv } from '../context';
import { shopFor } from '../payments/catalogue';
import { setSpendingLimits, setSpendingPause, spendingSettings } from '../payments/spending-limits';
import { spendingCheck } from '../payments/spending-check';
import { cancelContract } from './cancellations';
import { limit } from '../http/helpers';
import { ApiFailure } from '../errors';
import { clientIp } from '../context';

/** What the market rules give a member (issue 45): their own spending limits and pause, and the pause screen. */
export const marketRoutes = new Hono<AppEnv>();

/** The currency a new limit is set in: the member's shop's (a limit keeps the currency it was first set in). */
const shopCurrency = (c: AppContext) => shopFor(c.get('tenant'), c.get('country'), c.get('member')).currency;

operation(marketRoutes, 'get', '/api/spending-limits.php', async (c, { member }) =>
  spendingSettings(c.env.DB, c.get('tenant').id, member.id, shopCurrency(c), c.get('now')),
);

// Always the session's member: the body is strict, so naming anyone else is a 400 that changes nothing.
operation(marketRoutes, 'put', '/api/spending-limits.php', async (c, { member, body }) =>
  setSpendingLimits(c.env.DB, c.get('tenant').id, member.id, shopCurrency(c), body, c.get('now')),
);

operation(marketRoutes, 'put', '/api/spending-pause.php', async (c, { member, body }) =>
  setSpendingPause(c.env.DB, c.get('tenant').id, member.id, shopCurrency(c), body.pause, c.get('now')),
);

operation(marketRoutes, 'get', '/api/spending-check.php', async (c, { member }) => spendingCheck(c, member.id));

/** Someone cancels a few times at most; more is a script (the answers and mails are kept per request). */
const CANCEL_LIMIT = { limit: 5, windowSeconds: 86_400 };

operation(marketRoutes, 'post', '/api/cancel-contract.php', async (c, { member, body: { email, ...cancellation } }) => {
  if (member) {
    await limit(c, `cancel-contract:${member.id}`, CANCEL_LIMIT);
    return cancelContract(c, { member }, cancellation);
  }
  // A visitor (§ 312k needs no login): their address says whose contract; limited per IP and per address.
  if (!email) throw new ApiFailure(400, 'validation_failed', 'validation.failed', { email: 'validation.email_invalid' });
  await limit(c, `cancel-contract:ip:${clientIp(c)}`, CANCEL_LIMIT);
  await limit(c, `cancel-contract:to:${email}`, CANCEL_LIMIT);
  return cancelContract(c, { email }, cancellation);
});
