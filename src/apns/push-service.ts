// APNs as Clarion uses it: real credentials when configured, otherwise a local simulator started in
// this process (so `npm install && npm start` can send on a fresh machine, and says so).
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { createConnectionPool } from './connection-pool.ts';
import { createSender } from './sender.ts';
import { generateProviderKey, startSimulator } from './simulator.ts';
import { createProviderToken } from './token.ts';

export async function createPushService(config: Pick<Config, 'apns' | 'apnsTopic' | 'apnsConnections'>, logger: Logger) {
  if (config.apns) {
    const { teamId, keyId, privateKey, origin } = config.apns;
    const pool = createConnectionPool({ origin, connections: config.apnsConnections, onError: (error) => logger.warn('APNs connection failed', { error: error.message }) });
    logger.info('APNs', { origin, topic: config.apnsTopic, teamId, keyId });
    return { send: createSender({ pool, token: createProviderToken({ teamId, keyId, privateKey }) }), close: () => pool.close() };
  }
  const key = generateProviderKey();
  const simulator = await startSimulator({ teamId: 'SIMULATOR', keyId: 'SIMULATOR', publicKey: key.publicKey, topic: config.apnsTopic });
  const pool = createConnectionPool({ origin: simulator.origin, connections: config.apnsConnections, ca: simulator.ca });
  logger.warn('no APNs credentials (APNS_TEAM_ID, APNS_KEY_ID, APNS_PRIVATE_KEY[_PATH], APNS_TOPIC): pushes go to a local APNs simulator and reach no phone', {
    simulator: simulator.origin,
  });
  return {
    send: createSender({ pool, token: createProviderToken({ teamId: 'SIMULATOR', keyId: 'SIMULATOR', privateKey: key.privateKey }) }),
    close: async () => {
      await pool.close();
      await simulator.close();
    },
  };
}
