import { describe, expect, it } from 'vitest';
import { normalizePostbackHost, postbackRetryDelay, renderPostback, templateProblem } from './postback-template';

describe('templateProblem', () => {
  const host = 'track.network.example';
  it('accepts an https template on the network host with known tokens', () => {
    expect(templateProblem('https://track.network.example/pb?cid={click_id}&e={event}&a={amount}', host)).toBeNull();
  });
  it('refuses http, other hosts, ports, credentials and unknown tokens', () => {
    expect(templateProblem('http://track.network.example/pb', host)).toBe('not_https');
    expect(templateProblem('https://evil.example/pb', host)).toBe('other_host');
    expect(templateProblem('https://track.network.example:8443/pb', host)).toBe('unsafe_host');
    expect(templateProblem('https://u:p@track.network.example/pb', host)).toBe('unsafe_host');
    expect(templateProblem('https://track.network.example/pb?e={email}', host)).toBe('unknown_token');
    expect(templateProblem(`https://track.network.example/${'a'.repeat(1001)}`, host)).toBe('too_long');
  });
  it('refuses private, loopback and metadata addresses, however they are written', () => {
    for (const url of [
      'https://127.0.0.1/pb',
      'https://2130706433/pb',
      'https://0x7f.1/pb',
      'https://10.0.0.8/pb',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/pb',
      'https://localhost/pb',
      'https://metadata.google.internal/pb',
      'https://printer.local/pb',
    ])
      expect(templateProblem(url, new URL(url).hostname)).not.toBeNull();
  });
  it('allows the test host only as exactly given', () => {
    expect(templateProblem('https://127.0.0.1:1234/pb', '127.0.0.1:1234', ['127.0.0.1:1234'])).toBeNull();
    expect(templateProblem('https://127.0.0.1:1235/pb', '127.0.0.1:1234', ['127.0.0.1:1234'])).toBe('unsafe_host');
  });
});

describe('normalizePostbackHost', () => {
  it('keeps public names, lowercased, and refuses the rest', () => {
    expect(normalizePostbackHost('Track.Network.example')).toBe('track.network.example');
    expect(normalizePostbackHost('169.254.169.254')).toBeNull();
    expect(normalizePostbackHost('localhost')).toBeNull();
    expect(normalizePostbackHost('a/b')).toBeNull();
  });
});

describe('renderPostback', () => {
  it('percent-encodes each value so it cannot add parameters', () => {
    expect(renderPostback('https://n.example/pb?cid={click_id}&e={event}&x={sub1}', { click_id: 'a&b=c', event: 'sale' })).toBe(
      'https://n.example/pb?cid=a%26b%3Dc&e=sale&x=',
    );
  });
});

describe('postbackRetryDelay', () => {
  it('doubles from 30 seconds up to an hour', () => {
    expect([1, 2, 3, 10].map(postbackRetryDelay)).toEqual([30, 60, 120, 3600]);
  });
});
