import { normalizePostbackHost, templateProblem } from '../../core/rules/postback-template';
import type { Network, NetworkInput } from '../../core/schemas/traffic';
import type { Tables } from '../db/tables';
import { ApiFailure } from '../errors';

/**
 * A brand's affiliate networks (issue 47 item 3), for the back office (worker/staff/traffic-routes.ts). Every
 * template is checked before it is stored (core/rules/postback-template.ts): https, the network's host only, no
 * private, loopback or metadata address, known tokens only. The consumer sends only what was stored this way.
 */
const TEMPLATES = ['lead_url', 'sale_url', 'rebill_url', 'reversal_url'] as const;

/** 400 naming each field that may not be saved. */
export function refuseUnsafeTemplates(input: NetworkInput, extraHosts: readonly string[]): string {
  const fields: Record<string, string> = {};
  const host = extraHosts.includes(input.postback_host) ? input.postback_host : normalizePostbackHost(input.postback_host);
  if (!host) fields.postback_host = 'validation.postback_template';
  else
    for (const name of TEMPLATES) {
      const template = input[name];
      if (template && templateProblem(template, host, extraHosts)) fields[name] = 'validation.postback_template';
    }
  if (Object.keys(fields).length) throw new ApiFailure(400, 'validation_failed', 'validation.failed', fields);
  return host!;
}

function toNetwork(row: Tables['traffic_networks']): Network {
  return {
    ...row,
    payout_model: row.payout_model as Network['payout_model'],
    countries: row.countries ? row.countries.split(',') : [],
    active: row.active === 1,
  };
}

export async function listNetworks(db: D1Database, tenantId: string): Promise<Network[]> {
  const { results } = await db
    .prepare('SELECT * FROM traffic_networks WHERE tenant_id = ? ORDER BY name')
    .bind(tenantId)
    .all<Tables['traffic_networks']>();
  return results.map(toNetwork);
}

const exists = () => new ApiFailure(409, 'network_exists', 'errors.network_exists', { name: 'errors.network_exists' });

const values = (input: NetworkInput, host: string) => [
  input.name,
  input.label,
  input.click_id_param,
  input.campaign_param,
  host,
  input.lead_url || null,
  input.sale_url || null,
  input.rebill_url || null,
  input.reversal_url || null,
  input.payout_model,
  input.payout_amount,
  input.revshare_percent,
  input.payout_currency,
  input.hold_days,
  input.attribution_days,
  input.countries.join(','),
  input.active ? 1 : 0,
];

const COLUMNS =
  'name, label, click_id_param, campaign_param, postback_host, lead_url, sale_url, rebill_url, reversal_url, payout_model, payout_amount, revshare_percent, payout_currency, hold_days, attribution_days, countries, active';

export async function createNetwork(db: D1Database, tenantId: string, input: NetworkInput, host: string, now: Date): Promise<Network> {
  const at = now.toISOString();
  const row = await db
    .prepare(
      `INSERT INTO traffic_networks (tenant_id, ${COLUMNS}, created_at, updated_at)
       VALUES (?, ${COLUMNS.split(',')
         .map(() => '?')
         .join(', ')}, ?, ?) ON CONFLICT (tenant_id, name) DO NOTHING RETURNING *`,
    )
    .bind(tenantId, ...values(input, host), at, at)
    .first<Tables['traffic_networks']>();
  if (!row) throw exists();
  return toNetwork(row);
}

export async function updateNetwork(
  db: D1Database,
  tenantId: string,
  id: number,
  input: NetworkInput,
  host: string,
  now: Date,
): Promise<Network> {
  const sets = COLUMNS.split(', ')
    .map((column) => `${column} = ?`)
    .join(', ');
  const taken = await db
    .prepare('SELECT 1 FROM traffic_networks WHERE tenant_id = ? AND name = ? AND id != ?')
    .bind(tenantId, input.name, id)
    .first();
  if (taken) throw exists();
  const row = await db
    .prepare(`UPDATE traffic_networks SET ${sets}, updated_at = ? WHERE id = ? AND tenant_id = ? RETURNING *`)
    .bind(...values(input, host), now.toISOString(), id, tenantId)
    .first<Tables['traffic_networks']>();
  if (!row) throw new ApiFailure(404, 'network_not_found', 'errors.network_not_found');
  return toNetwork(row);
}
