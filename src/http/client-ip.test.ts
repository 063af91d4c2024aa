import { describe, expect, it } from 'vitest';
import { clientIp, rateLimitIdentity } from './client-ip.ts';

describe('clientIp', () => {
  it('uses the socket address and ignores X-Forwarded-For by default', () => {
    expect(clientIp('10.0.0.5', '203.0.113.9', false)).toBe('10.0.0.5');
    expect(clientIp('::ffff:10.0.0.5', null, false)).toBe('10.0.0.5');
    expect(clientIp(undefined, null, false)).toBe('unknown');
  });

  it('with n trusted proxies takes the address the outermost trusted proxy saw', () => {
    expect(clientIp('10.0.0.1', '203.0.113.9', 1)).toBe('203.0.113.9');
    expect(clientIp('10.0.0.1', 'spoofed, 203.0.113.9', 1)).toBe('203.0.113.9');
    expect(clientIp('10.0.0.1', 'spoofed, 203.0.113.9, 10.0.0.2', 2)).toBe('203.0.113.9');
    expect(clientIp('10.0.0.1', '203.0.113.9', 5)).toBe('203.0.113.9');
  });

  it('with TRUST_PROXY=true takes the left-most address', () => {
    expect(clientIp('10.0.0.1', '198.51.100.1, 10.0.0.2', true)).toBe('198.51.100.1');
  });
});

describe('rateLimitIdentity', () => {
  it('counts IPv4 addresses one by one and IPv6 addresses by their /64', () => {
    expect(rateLimitIdentity('203.0.113.9')).toBe('203.0.113.9');
    expect(rateLimitIdentity('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(rateLimitIdentity('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(rateLimitIdentity('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(rateLimitIdentity('::1')).toBe('0:0:0:0::/64');
    expect(rateLimitIdentity('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(rateLimitIdentity('unknown')).toBe('unknown');
  });
});
