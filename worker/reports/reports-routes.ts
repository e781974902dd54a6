import { Hono } from 'hono';
import { clientIp, type AppEnv } from '../context';
import { operation } from '../http/operation';
import { describeError, log } from '../log';
import { acknowledgeReport, mailAppeal } from './acknowledge';
import { fileAppeal } from './appeals';
import { storeNotice } from './notices';
import { listStatements } from './statements';

/**
 * Notice and action for members and visitors (issue 45 items 6-8, docs/api/reports.md): "Melden", the member's
 * statements of reasons and their appeal. Each is acknowledged at once: the answer carries the reference, the mail
 * follows where an address is known (a mail that fails never turns the stored notice into a failure).
 */
export const reportsRoutes = new Hono<AppEnv>();

operation(reportsRoutes, 'post', '/api/report.php', async (c, { member, body }) => {
  const tenant = c.get('tenant');
  const now = c.get('now');
  const id = await storeNotice(c.env, c.env.DB, { tenantId: tenant.id, body, member, ip: clientIp(c), language: c.get('language'), now });
  const mailed = await acknowledgeReport(c.env, tenant, id, now).catch((error) => {
    log(c, 'error', 'report acknowledgment failed', describeError(error));
    return false;
  });
  return { id, reference: `N-${id}`, mailed };
});

operation(reportsRoutes, 'get', '/api/statements.php', async (c, { member }) => ({
  statements: await listStatements(c.env.DB, c.get('tenant').id, member.id),
}));

operation(reportsRoutes, 'post', '/api/appeal.php', async (c, { member, body }) => {
  const tenant = c.get('tenant');
  const now = c.get('now');
  const id = await fileAppeal(c.env.DB, tenant.id, member.id, body, now);
  await mailAppeal(c.env, tenant, c.env.DB, id, 'appeal_received', now).catch((error) =>
    log(c, 'error', 'appeal acknowledgment failed', describeError(error)),
  );
  return { id, reference: `A-${id}`, state: 'open' as const };
});
