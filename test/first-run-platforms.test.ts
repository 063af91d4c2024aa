// A fresh machine's `npm start` (embedded PostgreSQL, no credentials of any platform, a forked worker) sends one
// broadcast to an iOS, an Android and a web device with no set-up: its local APNs, FCM and Web Push simulators take
// them, and the Web Push simulator made the browser's subscription as a browser's push service would.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresProcessesOf, runClarion, runCli, waitFor } from './support/processes.ts';

/** The simulator's certificate is its own: this test trusts it the way the server does, by asking it directly. */
function simulatorRequest(url: string, method: string, body?: unknown): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const request = https.request(url, { method, rejectUnauthorized: false, headers: { 'content-type': 'application/json' } }, (response) => {
      let text = '';
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body: JSON.parse(text) }));
    });
    request.on('error', reject);
    request.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

describe('a fresh `npm start` and every platform', () => {
  let dataDir: string;
  let server: ReturnType<typeof runClarion>;
  let url: string;
  const env = () => ({ PORT: '0', DASHBOARD: 'off', DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', FANOUT_WORKERS: '1' });
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'clarion-platforms-'));
    server = runClarion(env());
    url = await server.listening;
  }, 90_000);
  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    for (const pid of await postgresProcessesOf(dataDir)) process.kill(pid, 'SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('broadcasts to a registered iOS, Android and web device through its simulators', { timeout: 90_000 }, async () => {
    // It said where each platform's pushes go, and made a VAPID pair it keeps (mode 0600, the private key never in the log).
    const output = server.output();
    expect(output).toContain('no APNs credentials');
    expect(output).toContain('no FCM credentials');
    const webSimulator = /"simulator":"(https:\/\/[^"]+)","message":"browser pushes go to a local Web Push simulator/.exec(output)?.[1];
    expect(webSimulator).toBeDefined();
    const vapid = JSON.parse(await readFile(path.join(dataDir, 'vapid.json'), 'utf8'));
    expect((await stat(path.join(dataDir, 'vapid.json'))).mode & 0o777).toBe(0o600);
    expect(output).not.toContain(vapid.privateKey);
    const { publicKey } = await (await fetch(`${url}/v1/web-push/vapid-public-key`)).json();
    expect(publicKey).toBe(vapid.publicKey);

    // A browser subscribes with the server's key, as pushManager.subscribe() does through its push service.
    const subscription = await simulatorRequest(`${webSimulator}/subscriptions`, 'POST', { applicationServerKey: publicKey });
    expect(subscription.status).toBe(201);
    const register = async (body: unknown) => {
      const response = await fetch(`${url}/v1/devices`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect(response.status).toBe(201);
      return ((await response.json()) as { deviceUuid: string }).deviceUuid;
    };
    const devices = [
      await register({ platform: 'ios', apnsToken: randomBytes(32).toString('hex') }),
      await register({ platform: 'android', fcmToken: `${randomBytes(8).toString('base64url')}:APA91${randomBytes(60).toString('base64url')}` }),
      await register({ platform: 'web', webPush: subscription.body }),
    ];
    expect((await runCli(['org', 'create', '--name', 'Everywhere', '--slug', 'everywhere'], env())).code).toBe(0);
    const created = await runCli(['key', 'create', '--org', 'everywhere', '--kind', 'live'], env());
    expect(created.code).toBe(0);
    const key = /svc_live_[\w-]+/.exec(created.stdout)![0];
    for (const device of devices) {
      const subscribed = await fetch(`${url}/v1/devices/${device}/subscriptions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ orgSlug: 'everywhere' }) });
      expect(subscribed.status).toBe(201);
    }
    const sent = await fetch(`${url}/v1/notify`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body: JSON.stringify({ title: 'Hello', body: 'Everywhere', target: 'all' }),
    });
    const { id } = (await sent.json()) as { id: string };
    const done = await waitFor(async () => {
      const read = (await (await fetch(`${url}/v1/notifications/${id}`, { headers: { authorization: `Bearer ${key}` } })).json()) as { status: string };
      return read.status === 'sending' ? undefined : read;
    }, 30_000);
    expect(done).toMatchObject({ status: 'completed', sent: 3, failed: 0, byPlatform: { ios: { sent: 1 }, android: { sent: 1 }, web: { sent: 1 } } });
    // The browser's push service decrypted it with the subscription's keys.
    const received = await simulatorRequest(`${subscription.body.endpoint}`, 'GET');
    expect(received.body.count).toBe(1);
    expect(JSON.parse(received.body.received[0])).toEqual({ title: 'Hello', body: 'Everywhere' });
  });
});
