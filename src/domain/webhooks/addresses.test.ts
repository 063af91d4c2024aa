import { describe, expect, it } from 'vitest';
import { refusedRange, urlProblem, type Resolve } from './addresses.ts';

describe('refusedRange', () => {
  it('refuses loopback, private, link-local (metadata), CGNAT, unspecified, multicast and their IPv4-mapped forms', () => {
    const refused = {
      '127.0.0.1': 'loopback', '127.8.9.10': 'loopback', '::1': 'loopback',
      '10.1.2.3': 'private', '172.16.0.1': 'private', '172.31.255.255': 'private', '192.168.1.1': 'private', 'fc00::1': 'private (unique local)', 'fd12:3456::1': 'private (unique local)',
      '169.254.169.254': 'link-local', 'fe80::1': 'link-local', '100.64.0.1': 'carrier-grade NAT', '100.127.255.254': 'carrier-grade NAT',
      '0.0.0.0': 'unspecified', '::': 'unspecified', '224.0.0.1': 'multicast', 'ff02::1': 'multicast', '255.255.255.255': 'broadcast',
      '::ffff:127.0.0.1': 'loopback', '::127.0.0.1': 'loopback', '::ffff:a9fe:a9fe': 'link-local', '::ffff:10.0.0.1': 'private',
    };
    for (const [address, range] of Object.entries(refused)) expect([address, refusedRange(address)]).toEqual([address, range]);
    for (const address of ['192.0.2.1', '198.18.0.1', '::7f00:1', '::2', '64:ff9b::7f00:1', '2002:7f00:1::1', '2001:db8::1']) expect(refusedRange(address), address).toMatch(/^special-purpose/);
  });

  it('lets public unicast addresses through', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:93.184.216.34']) expect(refusedRange(address), address).toBeUndefined();
  });
});

describe('urlProblem', () => {
  const names: Record<string, string[]> = { 'public.example': ['93.184.216.34'], 'inside.example': ['93.184.216.34', '10.0.0.7'], localhost: ['127.0.0.1', '::1'] };
  const resolve: Resolve = async (host) => {
    if (!names[host]) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    return names[host].map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  const strict = { allowPrivate: false, resolve };

  it('takes https URLs of public hosts', async () => {
    expect(await urlProblem('https://public.example/hooks?x=1', strict)).toBeUndefined();
    expect(await urlProblem('https://93.184.216.34:8443/', strict)).toBeUndefined();
  });

  it('refuses http, userinfo, and hosts that are or resolve to private addresses (any of their addresses)', async () => {
    expect(await urlProblem('http://public.example/', strict)).toMatch(/https:\/\/.*WEBHOOKS_ALLOW_PRIVATE/);
    expect(await urlProblem('ftp://public.example/', strict)).toMatch(/must start with https/);
    expect(await urlProblem('not a url', strict)).toMatch(/absolute URL/);
    expect(await urlProblem('https://user:pw@public.example/', strict)).toMatch(/user name or password/);
    expect(await urlProblem('https://localhost/', strict)).toMatch(/localhost resolves to 127\.0\.0\.1, which is a loopback address/);
    expect(await urlProblem('https://inside.example/', strict)).toMatch(/10\.0\.0\.7, which is a private address/);
    expect(await urlProblem('https://169.254.169.254/latest/meta-data', strict)).toMatch(/169\.254\.169\.254 is a link-local address/);
    // The URL parser normalises other spellings of an address before it is judged.
    expect(await urlProblem('https://0x7f.1/', strict)).toMatch(/127\.0\.0\.1 is a loopback/);
    expect(await urlProblem('https://2130706433/', strict)).toMatch(/loopback/);
    expect(await urlProblem('https://[::ffff:7f00:1]/', strict)).toMatch(/loopback/);
    expect(await urlProblem('https://[fd00::1]/', strict)).toMatch(/unique local/);
    expect(await urlProblem('https://nowhere.example/', strict)).toMatch(/does not resolve/);
  });

  it('allows http and private hosts with WEBHOOKS_ALLOW_PRIVATE, never userinfo', async () => {
    const open = { allowPrivate: true, resolve };
    expect(await urlProblem('http://127.0.0.1:8080/hook', open)).toBeUndefined();
    expect(await urlProblem('https://inside.example/', open)).toBeUndefined();
    expect(await urlProblem('http://u:p@127.0.0.1/', open)).toMatch(/user name/);
    expect(await urlProblem('ftp://127.0.0.1/', open)).toMatch(/https:\/\/ or http:\/\//);
  });
});
