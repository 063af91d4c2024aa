import { describe, expect, it } from 'vitest';
import { clientIp } from './client-ip.ts';

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
