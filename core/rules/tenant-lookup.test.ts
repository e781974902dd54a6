import { describe, expect, it } from 'vitest';
import { normalizeHost, resolveTenant } from './tenant-lookup';

const tenants = [
  { id: 'flirtlokaal', hosts: ['flirtlokaal.nl'] },
  { id: 'reifekontakte', hosts: ['reifekontakte.de', 'reifekontakte.at'] },
];

describe('resolveTenant', () => {
  it('finds a brand by its exact host, any of its hosts', () => {
    expect(resolveTenant('flirtlokaal.nl', tenants)?.id).toBe('flirtlokaal');
    expect(resolveTenant('reifekontakte.at', tenants)?.id).toBe('reifekontakte');
  });
  it('accepts the www. variant, upper case, a port and a trailing dot', () => {
    expect(resolveTenant('www.flirtlokaal.nl', tenants)?.id).toBe('flirtlokaal');
    expect(resolveTenant('WWW.FlirtLokaal.NL:443', tenants)?.id).toBe('flirtlokaal');
    expect(resolveTenant('flirtlokaal.nl.', tenants)?.id).toBe('flirtlokaal');
  });
  it('resolves <id>.localhost on any port for local use', () => {
    expect(resolveTenant('reifekontakte.localhost:8787', tenants)?.id).toBe('reifekontakte');
    expect(resolveTenant('www.flirtlokaal.localhost', tenants)?.id).toBe('flirtlokaal');
  });
  it('gives null for unknown, look-alike and malformed hosts', () => {
    expect(resolveTenant('example.com', tenants)).toBeNull();
    expect(resolveTenant('evil-flirtlokaal.nl', tenants)).toBeNull();
    expect(resolveTenant('flirtlokaal.nl.evil.com', tenants)).toBeNull();
    expect(resolveTenant('nobody.localhost', tenants)).toBeNull();
    expect(resolveTenant('localhost', tenants)).toBeNull();
    expect(resolveTenant('', tenants)).toBeNull();
    expect(resolveTenant(null, tenants)).toBeNull();
    expect(resolveTenant('a'.repeat(300), tenants)).toBeNull();
    expect(resolveTenant('flirt lokaal.nl', tenants)).toBeNull();
    expect(resolveTenant('<script>.nl', tenants)).toBeNull();
  });
});

describe('normalizeHost', () => {
  it('strips port and case', () => expect(normalizeHost('Foo.Example:8080')).toBe('foo.example'));
});
