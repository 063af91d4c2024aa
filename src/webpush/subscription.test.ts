import { createECDH } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Resolve } from '../domain/webhooks/addresses.ts';
import { DEFAULT_WEB_PUSH_HOSTS, hostAllowed, parseHosts, validateSubscription } from './subscription.ts';

const receiver = createECDH('prime256v1');
receiver.generateKeys();
const p256dh = receiver.getPublicKey().toString('base64url');
const auth = Buffer.alloc(16, 9).toString('base64url');
const publicAt = (address: string): Resolve => async () => [{ address, family: address.includes(':') ? 6 : 4 }];
const rules = { hosts: DEFAULT_WEB_PUSH_HOSTS, allowPrivate: false, resolve: publicAt('142.250.74.10') };
const subscription = (endpoint: unknown, keys: Record<string, unknown> = { p256dh, auth }) => ({ endpoint, keys });
const FCM = 'https://fcm.googleapis.com/fcm/send/abc:APA91b';

async function fieldOf(input: unknown, extra: Partial<typeof rules> & { allowPrivate?: boolean } = {}) {
  const result = await validateSubscription(input, { ...rules, ...extra });
  return result.ok ? 'ok' : result.error.field;
}

describe('validateSubscription', () => {
  it("accepts a browser's subscription to a known push service, with the keys decoded", async () => {
    const result = await validateSubscription(subscription(FCM), rules);
    expect(result).toMatchObject({ ok: true, value: { endpoint: FCM } });
    if (result.ok) expect(result.value.p256dh.equals(receiver.getPublicKey())).toBe(true);
    if (result.ok) expect(result.value.auth.length).toBe(16);
  });

  it('refuses what is not a subscription under webPush', async () => {
    for (const input of [undefined, null, 'https://fcm.googleapis.com/x', [FCM]]) expect(await fieldOf(input)).toBe('webPush');
  });

  it('refuses an endpoint that is not an https URL of a known host', async () => {
    expect(await fieldOf(subscription('http://fcm.googleapis.com/fcm/send/x'))).toBe('webPush.endpoint');
    expect(await fieldOf(subscription('not a url'))).toBe('webPush.endpoint');
    expect(await fieldOf(subscription('https://push.example.com/x'))).toBe('webPush.endpoint');
    expect(await fieldOf(subscription('https://fcm.googleapis.com.evil.test/x'))).toBe('webPush.endpoint');
    expect(await fieldOf(subscription(`https://fcm.googleapis.com/${'x'.repeat(2048)}`))).toBe('webPush.endpoint');
  });

  it("matches '*.notify.windows.com' to its subdomains only", async () => {
    expect(await fieldOf(subscription('https://wns2-par02p.notify.windows.com/w/?token=abc'))).toBe('ok');
    expect(await fieldOf(subscription('https://notify.windows.com/w/'))).toBe('webPush.endpoint');
    expect(await fieldOf(subscription('https://evilnotify.windows.com/w/'))).toBe('webPush.endpoint');
    expect(hostAllowed('a.b.notify.windows.com', ['*.notify.windows.com'])).toBe(true);
  });

  it('refuses a known host that resolves to a loopback, private or link-local address, unless allowPrivate', async () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '169.254.169.254', '::1']) {
      expect(await fieldOf(subscription(FCM), { resolve: publicAt(address) })).toBe('webPush.endpoint');
      expect(await fieldOf(subscription(FCM), { resolve: publicAt(address), allowPrivate: true })).toBe('ok');
    }
  });

  it('with allowPrivate accepts any https host, a loopback address included, and still no http', async () => {
    expect(await fieldOf(subscription('https://127.0.0.1:8443/push/abc'), { allowPrivate: true })).toBe('ok');
    expect(await fieldOf(subscription('https://push.internal.test/x'), { allowPrivate: true })).toBe('ok');
    expect(await fieldOf(subscription('http://127.0.0.1:8443/push/abc'), { allowPrivate: true })).toBe('webPush.endpoint');
  });

  it('accepts a trusted origin (the local simulator) without allowPrivate', async () => {
    expect(await fieldOf(subscription('https://127.0.0.1:8443/push/abc'), { trustedOrigins: ['https://127.0.0.1:8443'] } as never)).toBe('ok');
    expect(await fieldOf(subscription('https://127.0.0.1:8444/push/abc'), { trustedOrigins: ['https://127.0.0.1:8443'] } as never)).toBe('webPush.endpoint');
  });

  it('refuses a p256dh that is off the curve, of the wrong length or not base64url', async () => {
    const offCurve = receiver.getPublicKey();
    offCurve[64]! ^= 1;
    expect(await fieldOf(subscription(FCM, { p256dh: offCurve.toString('base64url'), auth }))).toBe('webPush.keys.p256dh');
    expect(await fieldOf(subscription(FCM, { p256dh: receiver.getPublicKey().subarray(0, 64).toString('base64url'), auth }))).toBe('webPush.keys.p256dh');
    expect(await fieldOf(subscription(FCM, { p256dh: receiver.getPublicKey('base64', 'compressed'), auth }))).toBe('webPush.keys.p256dh');
    expect(await fieldOf(subscription(FCM, { p256dh: `${p256dh.slice(0, 10)}+${p256dh.slice(11)}`, auth }))).toBe('webPush.keys.p256dh');
    expect(await fieldOf(subscription(FCM, { auth }))).toBe('webPush.keys.p256dh');
  });

  it('refuses an auth secret that is not 16 bytes', async () => {
    expect(await fieldOf(subscription(FCM, { p256dh, auth: Buffer.alloc(15).toString('base64url') }))).toBe('webPush.keys.auth');
    expect(await fieldOf(subscription(FCM, { p256dh, auth: Buffer.alloc(17).toString('base64url') }))).toBe('webPush.keys.auth');
    expect(await fieldOf(subscription(FCM, { p256dh }))).toBe('webPush.keys.auth');
  });
});

describe('parseHosts', () => {
  it('reads a list, defaults when empty, and refuses what is not a host', () => {
    expect(parseHosts(undefined)).toEqual({ ok: true, value: DEFAULT_WEB_PUSH_HOSTS });
    expect(parseHosts(' push.example.com, *.Push.Example.org ')).toEqual({ ok: true, value: ['push.example.com', '*.push.example.org'] });
    expect(parseHosts('https://push.example.com')).toMatchObject({ ok: false, error: { field: 'WEB_PUSH_HOSTS' } });
    expect(parseHosts('*.')).toMatchObject({ ok: false });
  });
});
