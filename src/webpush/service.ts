// Web Push as Clarion uses it: pushes go to the subscriptions' push services, signed with the VAPID key pair
// (VAPID_* or DATA_DIR/vapid.json). In the embedded default a local simulator runs in this process too, so a web
// device can be registered against it and receive on a fresh machine (and Clarion says that it reaches no
// browser). Worker processes are given the simulator's address (SharedWebPushSimulator) and send to the same one.
import type { Logger } from '../logger.ts';
import type { Resolve } from '../domain/webhooks/addresses.ts';
import { webPushPlatform } from './platform.ts';
import { createWebPushSender } from './sender.ts';
import { startWebPushSimulator, type WebPushSimulator } from './simulator.ts';
import { validateSubscription } from './subscription.ts';
import { createVapidSigner } from './vapid.ts';

/** How a process reaches a simulator another process runs: its origin and self-signed certificate. */
export interface SharedWebPushSimulator {
  origin: string;
  ca: string;
}

export interface WebPushServiceOptions {
  vapid: { subject: string; publicKey: string; privateKey: string };
  /** WEB_PUSH_ALLOW_PRIVATE: endpoints on private and loopback addresses, for tests and private networks. */
  allowPrivate: boolean;
  /** WEB_PUSH_HOSTS. */
  hosts: string[];
  logger: Logger;
  /** Start a local simulator in this process (the embedded default). */
  useSimulator: boolean;
  /** A simulator the parent process runs. */
  shared?: SharedWebPushSimulator;
  resolve?: Resolve;
}

/**
 * One quick retry in the sender for a blip; anything longer is the fan-out's. A request with no answer in
 * REQUEST_TIMEOUT_MS is cancelled and may have been delivered.
 */
const SENDER = { maxAttempts: 2, requestTimeoutMs: 10_000, maxSocketsPerOrigin: 32 };
/** The local simulator keeps this many plaintexts a subscription: enough to look at, bounded for a long run. */
const SIMULATOR_KEEP = 20;

export async function createWebPushService({ vapid, allowPrivate, hosts, logger, useSimulator, shared, resolve }: WebPushServiceOptions) {
  const signer = createVapidSigner(vapid);
  let local: WebPushSimulator | undefined;
  if (!shared && useSimulator) {
    local = await startWebPushSimulator({ keep: SIMULATOR_KEEP });
    logger.warn('browser pushes go to a local Web Push simulator and reach no browser: web devices registered against it receive there', { simulator: local.origin });
  }
  const simulator: SharedWebPushSimulator | undefined = shared ?? (local && { origin: local.origin, ca: local.ca });
  // The simulator listens on a loopback address, which endpoints may otherwise not use: its origin alone is let through.
  const trustedOrigins = simulator ? [simulator.origin] : [];
  const sender = createWebPushSender({ vapid: signer, allowPrivate, resolve, ca: simulator?.ca, trustedOrigins, ...SENDER });
  if (!simulator) logger.info('Web Push', { publicKey: signer.publicKey, subject: vapid.subject, hosts });
  return {
    sender,
    platform: webPushPlatform({ publicKey: signer.publicKey }),
    signer,
    /** The applicationServerKey a web app subscribes with. */
    publicKey: signer.publicKey,
    simulator,
    /** The simulator running in this process, to subscribe() against; undefined in a worker or without one. */
    localSimulator: local,
    /** A browser's PushSubscription checked under this service's rules (the simulator's endpoints included). */
    validate: (input: unknown) => validateSubscription(input, { hosts, allowPrivate, resolve, trustedOrigins }),
    close: async () => {
      sender.close();
      await local?.close();
    },
  };
}

export type WebPushService = Awaited<ReturnType<typeof createWebPushService>>;
