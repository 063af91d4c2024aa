// APNs as Clarion uses it: real credentials when configured, otherwise a local simulator started in
// this process (so `npm install && npm start` can send on a fresh machine, and says so). Worker processes
// started by that process are given the simulator's address (SharedSimulator) and send to the same one.
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { createCircuit } from '../fanout/circuit.ts';
import { createConnectionPool } from './connection-pool.ts';
import { createFramePool } from './frame-pool.ts';
import { apnsPlatform } from './platform.ts';
import { createSender } from './sender.ts';
import { generateProviderKey, startSimulator } from './simulator.ts';
import { createProviderToken } from './token.ts';
import type { PoolOptions, Transport } from './transport.ts';

/** APNS_TRANSPORT: our own HTTP/2 framing (the default), or node:http2. */
export function createTransport(kind: Config['apnsTransport'], options: PoolOptions): Transport {
  return kind === 'node' ? createConnectionPool(options) : createFramePool(options);
}

/** How a process reaches a simulator another process runs. Not a secret: the key is made for it and signs for nothing else. */
export interface SharedSimulator {
  origin: string;
  ca: string;
  privateKey: string;
}

const SIMULATOR_IDS = { teamId: 'SIMULATOR', keyId: 'SIMULATOR' };

/**
 * One quick retry in the sender for a blip; anything longer is the fan-out's: the push waits in
 * broadcast_retries with backoff, and the outage breaker (src/fanout/circuit.ts) holds pushes back while APNs is down.
 */
const SENDER = { maxAttempts: 2 };

/**
 * A push with no answer after REQUEST_TIMEOUT_MS has its stream cancelled; it may have been delivered, so it is
 * sent once more at most (src/fanout/pages.ts). A shard run stays inside its job's expiry whatever
 * its pushes take: a page still waiting at the run's deadline leaves them to the retry table.
 */
const REQUEST_TIMEOUT_MS = 10_000;

export async function createPushService(config: Pick<Config, 'apns' | 'apnsTopic' | 'apnsConnections' | 'apnsMaxInFlight' | 'apnsTransport'>, logger: Logger, shared?: SharedSimulator) {
  const transport = { connections: config.apnsConnections, maxInFlight: config.apnsMaxInFlight, requestTimeoutMs: REQUEST_TIMEOUT_MS };
  if (config.apns) {
    const { teamId, keyId, privateKey, origin } = config.apns;
    const pool = createTransport(config.apnsTransport, { origin, ...transport, onError: (error) => logger.warn('APNs connection failed', { error: error.message }) });
    logger.info('APNs', { origin, topic: config.apnsTopic, teamId, keyId, transport: config.apnsTransport });
    return {
      send: createSender({ transport: pool, token: createProviderToken({ teamId, keyId, privateKey }), ...SENDER }), platform: apnsPlatform({ origin }),
      circuit: createCircuit(), simulator: undefined, close: () => pool.close(),
    };
  }
  if (shared) {
    const pool = createTransport(config.apnsTransport, { origin: shared.origin, ...transport, ca: shared.ca });
    return {
      send: createSender({ transport: pool, token: createProviderToken({ ...SIMULATOR_IDS, privateKey: shared.privateKey }), ...SENDER }), platform: apnsPlatform({ origin: shared.origin }),
      circuit: createCircuit(), simulator: shared, close: () => pool.close(),
    };
  }
  const key = generateProviderKey();
  const simulator = await startSimulator({ ...SIMULATOR_IDS, publicKey: key.publicKey, topic: config.apnsTopic });
  const pool = createTransport(config.apnsTransport, { origin: simulator.origin, ...transport, ca: simulator.ca });
  logger.warn('no APNs credentials (APNS_TEAM_ID, APNS_KEY_ID, APNS_PRIVATE_KEY[_PATH], APNS_TOPIC): pushes go to a local APNs simulator and reach no phone', {
    simulator: simulator.origin,
  });
  return {
    send: createSender({ transport: pool, token: createProviderToken({ ...SIMULATOR_IDS, privateKey: key.privateKey }), ...SENDER }),
    platform: apnsPlatform({ origin: simulator.origin }),
    circuit: createCircuit(),
    simulator: { origin: simulator.origin, ca: simulator.ca, privateKey: key.privateKey } satisfies SharedSimulator,
    close: async () => {
      await pool.close();
      await simulator.close();
    },
  };
}

export type PushService = Awaited<ReturnType<typeof createPushService>>;
