// The Android and browser platforms for tests: the FCM and Web Push stand-ins (src/fcm/simulator.ts,
// src/webpush/simulator.ts: they check what Google's and the browsers' push services check) and the channels
// and registration settings a test server sends and registers through.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createCircuit } from '../../src/fanout/circuit.ts';
import type { SqlClient } from '../../src/db/sql.ts';
import type { Resolve } from '../../src/domain/webhooks/addresses.ts';
import type { PlatformChannels } from '../../src/fanout/platform.ts';
import type { DeviceSettings } from '../../src/domain/devices/service.ts';
import { createAccessTokens } from '../../src/fcm/access-token.ts';
import { parseServiceAccount } from '../../src/fcm/credentials.ts';
import { fcmChannel, fcmPlatform } from '../../src/fcm/platform.ts';
import { createFcmSender } from '../../src/fcm/sender.ts';
import { startFcmSimulator, type FcmSimulatorOptions } from '../../src/fcm/simulator.ts';
import { webPushChannel, webPushPlatform } from '../../src/webpush/platform.ts';
import { createWebPushSender } from '../../src/webpush/sender.ts';
import { startWebPushSimulator, type WebPushSimulatorOptions } from '../../src/webpush/simulator.ts';
import { validateSubscription } from '../../src/webpush/subscription.ts';
import { createVapidSigner } from '../../src/webpush/vapid.ts';
import { generateVapidKeys } from '../../src/webpush/vapid-keys.ts';

/** A token of the FCM stand-in's shape (an instance id, ':', APA91...), as the Firebase SDK gives an app. */
export const fcmToken = () => `${randomBytes(8).toString('base64url')}:APA91${randomBytes(60).toString('base64url')}`;

export interface TestPlatformsOptions {
  fcm?: FcmSimulatorOptions;
  web?: WebPushSimulatorOptions;
  /** The service account the sender uses (default: the stand-in's own). */
  fcmCredentials?: (simulator: Awaited<ReturnType<typeof startFcmSimulator>>) => string;
  /** The VAPID pair the sender signs with (default: the one browsers subscribe with). */
  vapid?: { publicKey: string; privateKey: string };
  requestTimeoutMs?: number;
  /** How registration resolves an endpoint's host (default: the system's), so a test can make a push host private. */
  resolve?: Resolve;
}

export async function startTestPlatforms({ fcm: fcmOptions = {}, web: webOptions = {}, fcmCredentials, vapid, requestTimeoutMs = 5_000, resolve }: TestPlatformsOptions = {}) {
  const fcm = await startFcmSimulator(fcmOptions);
  const web = await startWebPushSimulator(webOptions);
  const parsed = parseServiceAccount(fcmCredentials?.(fcm) ?? fcm.credentials);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const account = parsed.value;
  const tokens = createAccessTokens({ account, ca: fcm.ca });
  const fcmSender = createFcmSender({ origin: fcm.origin, account, tokens, ca: fcm.ca, requestTimeoutMs });
  /** The key browsers subscribe with (the server's public key, unless a test plays a changed one). */
  const serverKeys = generateVapidKeys();
  const signing = vapid ?? serverKeys;
  const signer = createVapidSigner({ subject: 'mailto:tests@clarion.test', ...signing });
  // The stand-in listens on a loopback address: its origin is trusted as the embedded default trusts its simulator's.
  const trustedOrigins = [web.origin];
  const webSender = createWebPushSender({ vapid: signer, allowPrivate: false, ca: web.ca, trustedOrigins, requestTimeoutMs });
  const channels: PlatformChannels = {
    android: fcmChannel({ sender: fcmSender, platform: fcmPlatform({ projectId: account.projectId, origin: fcm.origin }), circuit: createCircuit() }),
    web: webPushChannel({ sender: webSender, platform: webPushPlatform({ publicKey: signer.publicKey }), circuit: createCircuit() }),
  };
  /** The CA files made for processes (processEnv), removed with the stand-ins. */
  const caDirs: string[] = [];
  const devices: DeviceSettings & { webPushPublicKey: string } = {
    webPush: { validate: (input) => validateSubscription(input, { hosts: ['fcm.googleapis.com'], allowPrivate: false, trustedOrigins, resolve }) },
    webPushPublicKey: serverKeys.publicKey,
  };
  return {
    fcm,
    web,
    channels,
    devices,
    /** A browser's subscription to the server's VAPID key, as pushManager.subscribe() gives it. */
    subscribe: () => web.subscribe({ applicationServerKey: serverKeys.publicKey }),
    /**
     * What a Clarion process (`npm start`) needs in its environment to send to these stand-ins, beside the APNs
     * mock's (`apnsCa`: its NODE_EXTRA_CA_CERTS file, which is one file for all three).
     */
    async processEnv(apnsCa: string) {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'clarion-platforms-ca-'));
      caDirs.push(dir);
      const ca = path.join(dir, 'ca.pem');
      await writeFile(ca, [await readFile(apnsCa, 'utf8'), fcm.ca, web.ca].join('\n'));
      return {
        FCM_CREDENTIALS: fcm.credentials, FCM_URL: fcm.origin, VAPID_PUBLIC_KEY: serverKeys.publicKey, VAPID_PRIVATE_KEY: serverKeys.privateKey,
        VAPID_SUBJECT: 'mailto:tests@clarion.test', WEB_PUSH_ALLOW_PRIVATE: 'true', NODE_EXTRA_CA_CERTS: ca,
      };
    },
    async close() {
      await fcmSender.close();
      webSender.close();
      await fcm.close();
      await web.close();
      await Promise.all(caDirs.map((dir) => rm(dir, { recursive: true, force: true })));
    },
  };
}

export type TestPlatforms = Awaited<ReturnType<typeof startTestPlatforms>>;

/** Subscribes `count` new Android devices to the organization in one statement; their tokens. */
export async function seedAndroidAudience(sql: SqlClient, organizationId: string, count: number) {
  const tokens = Array.from({ length: count }, fcmToken);
  await sql.query(
    `WITH d AS (INSERT INTO devices (device_uuid, fcm_token, platform) SELECT gen_random_uuid(), t, 'android' FROM unnest($2::text[]) AS t RETURNING device_uuid)
     INSERT INTO subscriptions (organization_id, device_uuid) SELECT $1::uuid, device_uuid FROM d`,
    [organizationId, tokens],
  );
  return tokens;
}

/** Subscribes `count` new browsers (subscriptions made on the stand-in) to the organization; their endpoints. */
export async function seedWebAudience(sql: SqlClient, organizationId: string, platforms: TestPlatforms, count: number) {
  const subscriptions = Array.from({ length: count }, () => platforms.subscribe());
  await sql.query(
    `WITH d AS (INSERT INTO devices (device_uuid, web_push_endpoint, web_push_p256dh, web_push_auth, platform)
       SELECT gen_random_uuid(), e, p, a, 'web' FROM unnest($2::text[], $3::bytea[], $4::bytea[]) AS x(e, p, a) RETURNING device_uuid)
     INSERT INTO subscriptions (organization_id, device_uuid) SELECT $1::uuid, device_uuid FROM d`,
    [organizationId, subscriptions.map((s) => s.endpoint), subscriptions.map((s) => Buffer.from(s.keys.p256dh, 'base64url')), subscriptions.map((s) => Buffer.from(s.keys.auth, 'base64url'))],
  );
  return subscriptions.map((s) => s.endpoint);
}
