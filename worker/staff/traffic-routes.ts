import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { brandDb } from '../db/request-db';
import { trafficFunnel } from '../tracking/funnel';
import { createNetwork, listNetworks, refuseUnsafeTemplates, updateNetwork } from '../tracking/networks';
import { testPostbackHosts } from '../tracking/postback-hosts';
import { staffOperation } from './operation';

/**
 * Back office: a brand's affiliate networks (issue 47 item 3, docs/api/traffic.md), for its admins (and owners).
 * The brand named in the call, else the host's (scope host).
 */
export const trafficRoutes = new Hono<AppEnv>();

staffOperation(trafficRoutes, 'get', '/api/staff/traffic-networks.php', async (c, { brand }) => ({
  networks: await listNetworks(brandDb(c, brand), brand),
}));

staffOperation(trafficRoutes, 'post', '/api/staff/traffic-networks.php', async (c, { body, brand }) => {
  const host = refuseUnsafeTemplates(body, testPostbackHosts(c.env));
  return { network: await createNetwork(brandDb(c, brand), brand, body, host, c.get('now')) };
});

staffOperation(trafficRoutes, 'put', '/api/staff/traffic-networks.php', async (c, { body, brand }) => {
  const host = refuseUnsafeTemplates(body, testPostbackHosts(c.env));
  return { network: await updateNetwork(brandDb(c, brand), brand, body.id, body, host, c.get('now')) };
});

/** The funnel by one dimension over a period and the payout per network and month (issue 47 item 5): the traffic screen and its CSV. */
staffOperation(trafficRoutes, 'get', '/api/staff/traffic.php', async (c, { query, brand }) => ({
  by: query.by,
  from: query.from,
  to: query.to,
  ...(await trafficFunnel(brandDb(c, brand), brand, query.by, query.from, query.to, c.get('now'))),
}));
