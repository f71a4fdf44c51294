import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/config.js';
import { TrustedProxies } from '../../../src/http/trusted-proxies.js';

describe('the client address behind trusted proxies (STARLING_TRUSTED_PROXIES)', () => {
  it('trusts nobody by default: the peer is the client whatever X-Forwarded-For says', () => {
    expect(loadConfig({}).trustedProxies).toEqual([]);
    expect(new TrustedProxies([]).clientAddress('10.0.0.5', '203.0.113.7')).toBe('10.0.0.5');
  });

  it('takes the right-most entry that is not a trusted proxy, from a trusted peer only', () => {
    const proxies = new TrustedProxies(['10.0.0.0/8', '2001:db8::1']);
    expect(proxies.clientAddress('10.1.2.3', '192.0.2.50, 203.0.113.7')).toBe('203.0.113.7');
    // A chain of trusted proxies (a load balancer, then nginx) is walked through.
    expect(proxies.clientAddress('::ffff:10.1.2.3', ['192.0.2.50, 203.0.113.7', '10.9.9.9'])).toBe('203.0.113.7');
    expect(proxies.clientAddress('2001:db8::1', '2001:db8::77')).toBe('2001:db8::77');
    // An untrusted peer's header is the client's own text.
    expect(proxies.clientAddress('192.0.2.9', '203.0.113.7')).toBe('192.0.2.9');
    // Without the header, or with something that is not an address, the proxy itself is the client.
    expect(proxies.clientAddress('10.1.2.3', undefined)).toBe('10.1.2.3');
    expect(proxies.clientAddress('10.1.2.3', 'unknown')).toBe('10.1.2.3');
  });

  it('names the variable when an entry is not an address or range', () => {
    expect(loadConfig({ STARLING_TRUSTED_PROXIES: '10.0.0.1, 172.16.0.0/12 ::1' }).trustedProxies).toEqual(['10.0.0.1', '172.16.0.0/12', '::1']);
    for (const wrong of ['proxy.example.com', '10.0.0.0/33', '10.0.0.1/8/1', '::1/129']) {
      expect(() => loadConfig({ STARLING_TRUSTED_PROXIES: wrong })).toThrow(`STARLING_TRUSTED_PROXIES must list IP addresses or CIDR ranges (10.0.0.5, 10.0.0.0/8, ::1), got "${wrong}"`);
    }
  });
});
