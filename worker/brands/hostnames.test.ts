import { describe, expect, it } from 'vitest';
import { fromCustomHostname, LocalHostnames, parseOwnZones } from './hostnames';
import { hostQuery } from './runtime';

describe('custom hostnames', () => {
  it("reads Cloudflare's answer: pending with the TXT record to publish, active once hostname and certificate are", () => {
    const pending = fromCustomHostname(
      {
        id: 'ch-1',
        status: 'pending',
        ssl: { status: 'pending_validation', validation_records: [{ txt_name: '_acme-challenge.dating.example', txt_value: 'abc' }] },
      },
      'txt',
    );
    expect(pending).toEqual({
      provider: 'cloudflare_saas',
      providerId: 'ch-1',
      status: 'pending',
      sslStatus: 'pending_validation',
      verification: { type: 'txt', name: '_acme-challenge.dating.example', value: 'abc' },
    });
    const http = fromCustomHostname(
      {
        id: 'ch-2',
        status: 'pending',
        ssl: { status: 'pending_validation', validation_records: [{ http_url: 'http://x/.well-known/a', http_body: 'b' }] },
      },
      'http',
    );
    expect(http.verification).toEqual({ type: 'http', name: 'http://x/.well-known/a', value: 'b' });
    expect(fromCustomHostname({ id: 'ch-3', status: 'active', ssl: { status: 'active' } }, 'http').status).toBe('active');
    expect(fromCustomHostname({ id: 'ch-4', status: 'active', ssl: { status: 'pending_validation' } }, 'http').status).toBe('pending');
    expect(fromCustomHostname({ id: 'ch-5', status: 'blocked', ssl: { status: 'validation_timed_out' } }, 'http').status).toBe('failed');
  });

  it('serves *.localhost at once locally; another name waits for its record', async () => {
    const local = new LocalHostnames();
    expect((await local.add('zomer.localhost', 'http')).status).toBe('active');
    const other = await local.add('dating.example', 'txt');
    expect(other.status).toBe('pending');
    expect(other.verification?.type).toBe('txt');
  });

  it("reads the deployment's own zones and which brand a host asks for", () => {
    expect(parseOwnZones('Example.com=z1, example.net = z2,broken')).toEqual({ 'example.com': 'z1', 'example.net': 'z2' });
    expect(hostQuery('zomer-preview.localhost', undefined)).toEqual({ kind: 'preview', id: 'zomer' });
    expect(hostQuery('zomer-preview.preview.example', 'preview.example')).toEqual({ kind: 'preview', id: 'zomer' });
    expect(hostQuery('www.zomer.localhost', undefined)).toEqual({ kind: 'local', id: 'zomer' });
    expect(hostQuery('dating.example', undefined)).toEqual({ kind: 'host' });
  });
});
