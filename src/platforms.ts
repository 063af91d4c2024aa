// The push platforms of a process: APNs for iOS, FCM for Android, Web Push for browsers, each with real
// credentials when configured and otherwise its local simulator (the embedded default's "no set-up"). The fan-out
// gets them as channels; worker processes forked by `npm start` are handed the simulators' addresses.
import { createCircuit } from './fanout/circuit.ts';
import { apnsChannel } from './apns/platform.ts';
import { createPushService, type SharedSimulator } from './apns/push-service.ts';
import type { Config } from './config.ts';
import type { DeviceSettings } from './domain/devices/service.ts';
import type { PlatformChannels } from './fanout/platform.ts';
import { fcmChannel } from './fcm/platform.ts';
import { createFcmService, type SharedFcmSimulator } from './fcm/service.ts';
import type { Logger } from './logger.ts';
import { webPushChannel } from './webpush/platform.ts';
import { createWebPushService, type SharedWebPushSimulator } from './webpush/service.ts';
import { loadOrCreateVapidKeys } from './webpush/vapid-keys.ts';

/** What a worker needs to reach the simulators its parent runs. */
export interface SharedSimulators {
  apns?: SharedSimulator;
  fcm?: SharedFcmSimulator;
  web?: SharedWebPushSimulator;
}

export type PlatformConfig = Pick<
  Config,
  | 'apns' | 'apnsTopic' | 'apnsConnections' | 'apnsMaxInFlight' | 'apnsTransport' | 'fcmCredentials' | 'fcmUrl' | 'fcmMessagesPerMinute' | 'vapid' | 'vapidSubject'
  | 'webPushHosts' | 'webPushAllowPrivate' | 'databaseUrl' | 'dataDir' | 'fanoutWorkers'
>;

/**
 * The VAPID key pair: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, or on the embedded default the pair made once in DATA_DIR
 * (a changed key loses every browser's subscription, so it is kept for good). With DATABASE_URL and no keys, Web
 * Push is off: every instance must sign with the same pair, which only the operator can give them all.
 */
async function vapidKeys(config: PlatformConfig, logger: Logger) {
  if (config.vapid) return config.vapid;
  if (config.databaseUrl) return undefined;
  const keys = await loadOrCreateVapidKeys(config.dataDir);
  if (keys.created) logger.info('made a VAPID key pair for Web Push; keep it: a new one loses every browser subscription', { file: keys.file });
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}

export async function startPlatforms(config: PlatformConfig, logger: Logger, shared: SharedSimulators = {}) {
  const closing: (() => Promise<void> | void)[] = [];
  try {
    const apns = await createPushService(config, logger, shared.apns);
    closing.push(apns.close);
    // The instance's quota, shared by the processes that send: the server (one-shard broadcasts, test sends) and its workers.
    const messagesPerMinute = Math.max(1, Math.floor(config.fcmMessagesPerMinute / (config.fanoutWorkers + 1)));
    const fcm = await createFcmService({ credentialsJson: config.fcmCredentials, origin: config.fcmUrl, logger, shared: shared.fcm, messagesPerMinute });
    closing.push(fcm.close);
    const vapid = await vapidKeys(config, logger);
    const web = vapid
      ? await createWebPushService({
          vapid: { subject: config.vapidSubject, ...vapid }, allowPrivate: config.webPushAllowPrivate, hosts: config.webPushHosts, logger,
          useSimulator: !config.databaseUrl, shared: shared.web,
        })
      : undefined;
    if (web) closing.push(web.close);
    else logger.warn('Web Push is off: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (the same on every instance) to register browsers');
    const channels: PlatformChannels = {
      ios: apnsChannel({ send: apns.send, platform: apns.platform, circuit: apns.circuit, topic: config.apnsTopic }),
      android: fcmChannel({ sender: fcm.sender, platform: fcm.platform, circuit: createCircuit() }),
      ...(web && { web: webPushChannel({ sender: web.sender, platform: web.platform, circuit: createCircuit() }) }),
    };
    const simulators: SharedSimulators = { ...(apns.simulator && { apns: apns.simulator }), ...(fcm.simulator && { fcm: fcm.simulator }), ...(web?.simulator && { web: web.simulator }) };
    const devices: DeviceSettings & { webPushPublicKey?: string } = web ? { webPush: { validate: web.validate }, webPushPublicKey: web.publicKey } : {};
    return {
      channels,
      simulators,
      devices,
      /** The services themselves, for tests and the CLI. */
      apns,
      fcm,
      web,
      async close() {
        for (const close of closing.reverse()) await close();
      },
    };
  } catch (error) {
    for (const close of closing.reverse()) await Promise.resolve(close()).catch(() => {});
    throw error;
  }
}

export type Platforms = Awaited<ReturnType<typeof startPlatforms>>;
