// A mock APNs for tests: the simulator (HTTP/2 over TLS, checking the JWT, headers and payload as
// Apple does), with answers a test can script per device token: 410, 400, 429, 500, 503, delays, drops.
import { createConnectionPool } from '../../src/apns/connection-pool.ts';
import { createSender } from '../../src/apns/sender.ts';
import { generateProviderKey, startSimulator, type Answer, type SimulatedPush } from '../../src/apns/simulator.ts';
import { createProviderToken } from '../../src/apns/token.ts';

export const TEST_TOPIC = 'dev.clarion.test';

export async function startMockApns({ maxAttempts = 4 } = {}) {
  const scripted = new Map<string, Answer[]>();
  const attempts = new Map<string, number>();
  const key = generateProviderKey();
  const simulator = await startSimulator({
    teamId: 'TEAM123456',
    keyId: 'KEY1234567',
    publicKey: key.publicKey,
    topic: TEST_TOPIC,
    answer: (push: SimulatedPush) => {
      attempts.set(push.deviceToken, (attempts.get(push.deviceToken) ?? 0) + 1);
      const queue = scripted.get(push.deviceToken);
      // The last scripted answer repeats; none means 200.
      return queue && queue.length > 1 ? queue.shift() : queue?.[0];
    },
  });
  const pool = createConnectionPool({ origin: simulator.origin, connections: 2, ca: simulator.ca });
  const token = createProviderToken({ teamId: 'TEAM123456', keyId: 'KEY1234567', privateKey: key.privateKey });
  return {
    simulator,
    send: createSender({ pool, token, maxAttempts, backoffMs: 5 }),
    /** Answers for one device token, in order; the last one repeats. */
    script: (deviceToken: string, ...answers: Answer[]) => scripted.set(deviceToken, answers),
    attempts: (deviceToken: string) => attempts.get(deviceToken) ?? 0,
    delivered: (deviceToken: string) => simulator.received.filter((p) => p.deviceToken === deviceToken),
    async close() {
      await pool.close();
      await simulator.close();
    },
  };
}

export type MockApns = Awaited<ReturnType<typeof startMockApns>>;
