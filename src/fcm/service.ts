// FCM as Clarion uses it: real credentials when configured (FCM_CREDENTIALS or FCM_CREDENTIALS_PATH), otherwise a
// local simulator started in this process, with a service account made for it (so `npm start` sends to Android
// devices on a fresh machine, and says that they reach no phone). Worker processes are given the simulator's
// address and key file (SharedFcmSimulator) and send to the same one, each minting its own access tokens.
import type { Logger } from '../logger.ts';
import { createAccessTokens } from './access-token.ts';
import { parseServiceAccount, type ServiceAccount } from './credentials.ts';
import { fcmPlatform } from './platform.ts';
import { createFcmSender } from './sender.ts';
import { startFcmSimulator } from './simulator.ts';

export const FCM_ORIGIN = 'https://fcm.googleapis.com';

/** How a process reaches a simulator another process runs. Not a secret: the key is made for it and signs for nothing else. */
export interface SharedFcmSimulator {
  origin: string;
  ca: string;
  /** The simulator's service account key file (JSON). */
  credentials: string;
}

export interface FcmServiceOptions {
  /** The service account key file's JSON. */
  credentialsJson?: string;
  /** FCM_URL. */
  origin?: string;
  logger: Logger;
  shared?: SharedFcmSimulator;
  /** This process's share of the project's quota a minute (FCM_MESSAGES_PER_MINUTE over the processes that send). */
  messagesPerMinute?: number;
}

/**
 * One quick retry in the sender for a blip; anything longer is the fan-out's (retries with backoff, and the outage
 * breaker). A request with no answer in REQUEST_TIMEOUT_MS is cancelled and may have been delivered.
 */
const SENDER = { maxAttempts: 2, requestTimeoutMs: 10_000, connections: 2 };

function accountOf(json: string, what: string): ServiceAccount {
  const parsed = parseServiceAccount(json);
  if (!parsed.ok) throw new Error(`${what}: ${parsed.error.message}`);
  return parsed.value;
}

function start(account: ServiceAccount, origin: string, logger: Logger, messagesPerMinute: number | undefined, ca?: string) {
  const onError = (error: Error) => logger.warn('FCM request failed', { error: error.message });
  const tokens = createAccessTokens({ account, ca });
  const sender = createFcmSender({ origin, account, tokens, ca, onError, messagesPerMinute, ...SENDER });
  return { sender, tokens, platform: fcmPlatform({ projectId: account.projectId, origin }) };
}

export async function createFcmService({ credentialsJson, origin = FCM_ORIGIN, logger, shared, messagesPerMinute }: FcmServiceOptions) {
  if (credentialsJson) {
    const account = accountOf(credentialsJson, 'FCM_CREDENTIALS');
    // Ids only: the key never reaches a log line.
    logger.info('FCM', { origin, projectId: account.projectId, clientEmail: account.clientEmail });
    const { sender, platform } = start(account, origin, logger, messagesPerMinute);
    return { sender, platform, simulator: undefined, close: () => sender.close() };
  }
  if (shared) {
    const { sender, platform } = start(accountOf(shared.credentials, 'the FCM simulator'), shared.origin, logger, messagesPerMinute, shared.ca);
    return { sender, platform, simulator: shared, close: () => sender.close() };
  }
  const simulator = await startFcmSimulator();
  const { sender, platform } = start(accountOf(simulator.credentials, 'the FCM simulator'), simulator.origin, logger, messagesPerMinute, simulator.ca);
  logger.warn('no FCM credentials (FCM_CREDENTIALS or FCM_CREDENTIALS_PATH): FCM pushes go to a local FCM simulator and reach no phone', { simulator: simulator.origin });
  return {
    sender,
    platform,
    simulator: { origin: simulator.origin, ca: simulator.ca, credentials: simulator.credentials } satisfies SharedFcmSimulator,
    close: async () => {
      await sender.close();
      await simulator.close();
    },
  };
}

export type FcmService = Awaited<ReturnType<typeof createFcmService>>;
