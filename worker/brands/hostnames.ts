import { isLocal } from '../context';
import { logEvent } from '../log';

/**
 * A brand's hosts at the edge (issue 48 item 5). Partner domains go through Cloudflare for SaaS (custom hostnames on
 * the SaaS zone: the partner points a CNAME at it and proves the domain by an HTTP file or a TXT record; Cloudflare
 * issues the certificate); hosts under one of the deployment's own zones become Workers custom domains. Locally,
 * LocalHostnames marks `*.localhost` active at once: the Worker serves any host it is asked for, so the new host works
 * without a restart. Production is chosen by HOSTNAMES_PROVIDER=cloudflare; the tests never call Cloudflare.
 */
export interface HostState {
  provider: 'local' | 'cloudflare_saas' | 'workers_domain';
  providerId: string | null;
  status: 'pending' | 'active' | 'failed';
  sslStatus: string | null;
  /** What the partner publishes to prove the domain. */
  verification: { type: 'txt' | 'http'; name: string; value: string } | null;
}

export interface Hostnames {
  add(host: string, method: 'http' | 'txt'): Promise<HostState>;
  /** The provider's current state of a host added before (pending until the partner's record is seen). */
  check(host: string, known: HostState): Promise<HostState>;
  remove(host: string, known: HostState): Promise<void>;
}

export class LocalHostnames implements Hostnames {
  async add(host: string, method: 'http' | 'txt'): Promise<HostState> {
    if (host.endsWith('.localhost')) return { provider: 'local', providerId: null, status: 'active', sslStatus: null, verification: null };
    // Another name cannot be proven on this machine: it stays pending, with the record a partner would publish.
    return { provider: 'local', providerId: null, status: 'pending', sslStatus: null, verification: localRecord(host, method) };
  }
  async check(_host: string, known: HostState): Promise<HostState> {
    return known;
  }
  async remove(): Promise<void> {}
}

function localRecord(host: string, method: 'http' | 'txt'): HostState['verification'] {
  return method === 'txt'
    ? { type: 'txt', name: `_cf-custom-hostname.${host}`, value: 'local-verification' }
    : { type: 'http', name: `http://${host}/.well-known/cf-custom-hostname-challenge/local`, value: 'local-verification' };
}

interface CloudflareConfig {
  apiToken: string;
  saasZoneId: string;
  accountId?: string;
  /** The deployment's own zones: host suffix -> zone id (their hosts become Workers custom domains). */
  ownZones: Record<string, string>;
  service?: string;
  api?: string;
}

interface CustomHostnameResult {
  id: string;
  status?: string;
  ssl?: { status?: string; validation_records?: { txt_name?: string; txt_value?: string; http_url?: string; http_body?: string }[] };
  ownership_verification?: { type?: string; name?: string; value?: string };
  ownership_verification_http?: { http_url?: string; http_body?: string };
}

/** Cloudflare's API: custom hostnames (POST/GET/DELETE /zones/{zone}/custom_hostnames) and Workers custom domains. */
export class CloudflareHostnames implements Hostnames {
  constructor(private readonly config: CloudflareConfig) {}

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.config.api ?? 'https://api.cloudflare.com/client/v4'}${path}`, {
      method,
      headers: { Authorization: `Bearer ${this.config.apiToken}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json().catch(() => null)) as { success?: boolean; result?: T; errors?: { message?: string }[] } | null;
    if (!res.ok || !json?.success) {
      logEvent('error', 'cloudflare hostnames call failed', { method, path, status: res.status, errors: json?.errors?.slice(0, 3) });
      throw new Error(`cloudflare ${method} ${path}: ${res.status}`);
    }
    return json.result as T;
  }

  private ownZone(host: string): string | undefined {
    const suffix = Object.keys(this.config.ownZones).find((zone) => host === zone || host.endsWith(`.${zone}`));
    return suffix && this.config.ownZones[suffix];
  }

  async add(host: string, method: 'http' | 'txt'): Promise<HostState> {
    const zone = this.ownZone(host);
    if (zone && this.config.accountId && this.config.service) {
      const result = await this.call<{ id: string }>('PUT', `/accounts/${this.config.accountId}/workers/domains`, {
        hostname: host,
        zone_id: zone,
        service: this.config.service,
        environment: 'production',
      });
      return { provider: 'workers_domain', providerId: result.id, status: 'active', sslStatus: null, verification: null };
    }
    const result = await this.call<CustomHostnameResult>('POST', `/zones/${this.config.saasZoneId}/custom_hostnames`, {
      hostname: host,
      ssl: { method, type: 'dv', settings: { min_tls_version: '1.2' } },
    });
    return fromCustomHostname(result, method);
  }

  async check(_host: string, known: HostState): Promise<HostState> {
    if (known.provider !== 'cloudflare_saas' || !known.providerId) return known;
    const result = await this.call<CustomHostnameResult>('GET', `/zones/${this.config.saasZoneId}/custom_hostnames/${known.providerId}`);
    return fromCustomHostname(result, known.verification?.type ?? 'http');
  }

  async remove(_host: string, known: HostState): Promise<void> {
    if (!known.providerId) return;
    if (known.provider === 'workers_domain' && this.config.accountId) {
      await this.call('DELETE', `/accounts/${this.config.accountId}/workers/domains/${known.providerId}`);
    } else if (known.provider === 'cloudflare_saas') {
      await this.call('DELETE', `/zones/${this.config.saasZoneId}/custom_hostnames/${known.providerId}`);
    }
  }
}

/** Cloudflare's answer as our state: active once both the hostname and its certificate are. */
export function fromCustomHostname(result: CustomHostnameResult, method: 'http' | 'txt'): HostState {
  const ssl = result.ssl?.status ?? null;
  const record = result.ssl?.validation_records?.[0];
  const verification: HostState['verification'] =
    method === 'txt' && (record?.txt_name || result.ownership_verification?.name)
      ? {
          type: 'txt',
          name: record?.txt_name ?? result.ownership_verification?.name ?? '',
          value: record?.txt_value ?? result.ownership_verification?.value ?? '',
        }
      : record?.http_url || result.ownership_verification_http?.http_url
        ? {
            type: 'http',
            name: record?.http_url ?? result.ownership_verification_http?.http_url ?? '',
            value: record?.http_body ?? result.ownership_verification_http?.http_body ?? '',
          }
        : null;
  const failed = /fail|blocked|moved|deleted/.test(`${result.status ?? ''} ${ssl ?? ''}`);
  const status = result.status === 'active' && ssl === 'active' ? 'active' : failed ? 'failed' : 'pending';
  return { provider: 'cloudflare_saas', providerId: result.id, status, sslStatus: ssl, verification };
}

/** The hostnames provider of this deployment: Cloudflare where configured (never in local mode), else the local one. */
export function hostnamesFor(env: Env): Hostnames {
  if (isLocal(env) || env.HOSTNAMES_PROVIDER !== 'cloudflare') return new LocalHostnames();
  if (!env.CF_API_TOKEN || !env.CF_SAAS_ZONE_ID) throw new Error('HOSTNAMES_PROVIDER=cloudflare needs CF_API_TOKEN and CF_SAAS_ZONE_ID');
  return new CloudflareHostnames({
    apiToken: env.CF_API_TOKEN,
    saasZoneId: env.CF_SAAS_ZONE_ID,
    accountId: env.CF_ACCOUNT_ID,
    ownZones: parseOwnZones(env.CF_OWN_ZONES),
    service: env.CF_WORKER_SERVICE,
  });
}

/** `example.com=zoneid,example.net=zoneid` -> { 'example.com': 'zoneid', ... }. */
export function parseOwnZones(value: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (value ?? '').split(',')) {
    const [zone, id] = part.split('=').map((s) => s.trim());
    if (zone && id) out[zone.toLowerCase()] = id;
  }
  return out;
}
