// A mock APNs for tests: the simulator (HTTP/2 over TLS, checking the JWT, headers and payload as
// Apple does), with answers a test can script per device token: 410, 400, 429, 500, 503, delays, drops;
// made-up tokens (answered BadDeviceToken, as Apple answers tokens it never issued), and the other
// environment (no token issued: what a wrong APNS_ENV sees).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { apnsPlatform } from '../../src/apns/platform.ts';
import { createTransport } from '../../src/apns/push-service.ts';
import { createSender } from '../../src/apns/sender.ts';
import { generateProviderKey, startSimulator, type Answer, type SimulatedPush } from '../../src/apns/simulator.ts';
import { createProviderToken } from '../../src/apns/token.ts';

export const TEST_TOPIC = 'dev.clarion.test';
/** Another app of the test team: its topic is allowed, and the test app's tokens are not for it. */
export const OTHER_APP_TOPIC = 'dev.clarion.other';

export interface MockApnsOptions {
  /** Attempts per push of the sender this mock hands out. */
  maxAttempts?: number;
  /** Answers for every push not scripted per token, e.g. random 503s. */
  fallback?: (push: SimulatedPush) => Answer;
  /** The sender's connections and request timeout. */
  connections?: number;
  requestTimeoutMs?: number;
  /** false: this is the other APNs environment, where none of the devices' tokens was issued. */
  issued?: boolean;
}

/** The transport tests send with: APNS_TRANSPORT=node runs them all on node:http2 (CI does, once). */
export const TEST_TRANSPORT = process.env.APNS_TRANSPORT === 'node' ? 'node' : 'frames';

export const TEAM_ID = 'TEAM123456';
export const KEY_ID = 'KEY1234567';

export async function startMockApns({ maxAttempts = 4, fallback, connections = 2, requestTimeoutMs, issued = true }: MockApnsOptions = {}) {
  const scripted = new Map<string, Answer[]>();
  const attempts = new Map<string, number>();
  const delivered = new Map<string, SimulatedPush[]>();
  const madeUp = new Set<string>();
  const held = new Map<string, Promise<void>>();
  const key = generateProviderKey();
  const simulator = await startSimulator({
    teamId: TEAM_ID,
    keyId: KEY_ID,
    publicKey: key.publicKey,
    topic: TEST_TOPIC,
    otherTopics: [OTHER_APP_TOPIC],
    issued: (token) => issued && !madeUp.has(token.toLowerCase()),
    // Every push it took, per token, for the tests to count (the simulator itself keeps only the latest).
    onAccept: (push) => delivered.set(push.deviceToken, [...(delivered.get(push.deviceToken) ?? []), push]),
    answer: (push: SimulatedPush) => {
      attempts.set(push.deviceToken, (attempts.get(push.deviceToken) ?? 0) + 1);
      const gate = held.get(push.deviceToken);
      if (gate) {
        held.delete(push.deviceToken);
        return gate.then(() => undefined);
      }
      const queue = scripted.get(push.deviceToken);
      // The last scripted answer repeats; none means 200.
      if (!queue) return fallback?.(push);
      return queue.length > 1 ? queue.shift() : queue[0];
    },
  });
  const pool = createTransport(TEST_TRANSPORT, { origin: simulator.origin, connections, ca: simulator.ca, requestTimeoutMs });
  const token = createProviderToken({ teamId: TEAM_ID, keyId: KEY_ID, privateKey: key.privateKey });
  // Processes trust the mock's self-signed certificate through NODE_EXTRA_CA_CERTS, a file.
  const caDir = await mkdtemp(path.join(os.tmpdir(), 'clarion-mock-apns-'));
  await writeFile(path.join(caDir, 'ca.pem'), simulator.ca);
  return {
    simulator,
    /** The provider key the mock trusts, for processes that send to it (APNS_PRIVATE_KEY). */
    privateKey: key.privateKey,
    /** What a Clarion process (`npm start`, the CLI) needs in its environment to send to this mock. */
    processEnv: {
      APNS_TEAM_ID: TEAM_ID, APNS_KEY_ID: KEY_ID, APNS_PRIVATE_KEY: key.privateKey, APNS_TOPIC: TEST_TOPIC, APNS_URL: simulator.origin,
      NODE_EXTRA_CA_CERTS: path.join(caDir, 'ca.pem'),
    },
    send: createSender({ transport: pool, token, maxAttempts, backoffMs: 5 }),
    /** This mock's settings as the configuration breaker knows them: another mock is another environment. */
    platform: apnsPlatform({ origin: simulator.origin }),
    /** Answers for one device token, in order; the last one repeats. */
    script: (deviceToken: string, ...answers: Answer[]) => scripted.set(deviceToken, answers),
    /**
     * The next push to this token is taken and answered 200 only when the returned function is called (however long
     * a test needs to look at a broadcast still sending); later ones are answered as usual.
     */
    hold(deviceToken: string) {
      let release!: () => void;
      held.set(deviceToken, new Promise<void>((resolve) => (release = resolve)));
      return () => release();
    },
    /** Tokens Apple never issued (made up by a stranger): answered BadDeviceToken. */
    madeUp: (...deviceTokens: string[]) => deviceTokens.forEach((t) => madeUp.add(t.toLowerCase())),
    attempts: (deviceToken: string) => attempts.get(deviceToken) ?? 0,
    delivered: (deviceToken: string) => delivered.get(deviceToken) ?? [],
    async close() {
      await pool.close();
      await simulator.close();
      await rm(caDir, { recursive: true, force: true });
    },
  };
}

export type MockApns = Awaited<ReturnType<typeof startMockApns>>;
