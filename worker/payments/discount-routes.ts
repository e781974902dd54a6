import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { ApiFailure } from '../errors';
import { findCode, welcomeCode } from './discounts';
import { stayOffer } from './stay-offer';
import { limit } from '../http/helpers';
import { operation } from '../http/operation';

/**
 * GET /api/discountcode.php (SPEC.md §7): `?code=X` looks a code up, `?welcome=true` loads the member's welcome
 * discount, `?timebonus=true` the time bonus. Answers a discount code with every field of SPEC.md §3 (expired and
 * used ones say so in their fields); whether a code fits a given order is checked when the order is placed.
 */
export const discountRoutes = new Hono<AppEnv>();

// Codes are short: a limit per member keeps anyone from trying them all.
const DISCOUNT_LIMIT = { limit: 60, windowSeconds: 3600 };

operation(discountRoutes, 'get', '/api/discountcode.php', async (c, { member, query }) => {
  await limit(c, `discount:${member.id}`, DISCOUNT_LIMIT);
  const db = c.env.DB;
  const tenantId = c.get('tenant').id;
  const now = c.get('now');
  if (query.welcome) {
    const welcome = await welcomeCode(db, tenantId, member, now);
    if (!welcome) throw new ApiFailure(404, 'code_not_found', 'errors.code_not_found');
    return welcome;
  }
  const code = query.timebonus ? 'TIMEBONUS25' : query.code;
  if (!code) throw new ApiFailure(400, 'validation_failed', 'validation.failed', { code: 'validation.invalid' });
  return findCode(db, tenantId, member, code, now);
});

/**
 * POST /api/stay-offer.php: the delete-account dialog's offer as a real personal code (worker/payments/stay-offer.ts),
 * or a refusal, in which case the dialog offers no discount.
 */
operation(discountRoutes, 'post', '/api/stay-offer.php', async (c, { member }) => {
  await limit(c, `discount:${member.id}`, DISCOUNT_LIMIT);
  return stayOffer(c.env.DB, c.get('tenant'), member, c.get('now'));
});
