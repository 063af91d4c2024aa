// The two transports (APNS_TRANSPORT=frames, our own framing; =node, node:http2) send the same 10,000 pushes to
// the strict APNs stand-in, which answers each device the same way both times: the outcomes match device by device,
// and each delivered push was taken exactly once.
import { afterAll, describe, expect, it } from 'vitest';
import { createTransport } from '../src/apns/push-service.ts';
import { createSender } from '../src/apns/sender.ts';
import { generateProviderKey, startSimulator, type Answer } from '../src/apns/simulator.ts';
import { createProviderToken } from '../src/apns/token.ts';
import type { PushOutcome } from '../src/fanout/platform.ts';

const PUSHES = 10_000;
const TOPIC = 'dev.clarion.test';
const key = generateProviderKey();
const tokens = Array.from({ length: PUSHES }, (_, i) => (i + 1).toString(16).padStart(8, '0').repeat(8));
const headers = { 'apns-topic': TOPIC, 'apns-push-type': 'alert', 'apns-priority': '10', 'apns-collapse-id': 'b-1' };
const payload = JSON.stringify({ aps: { alert: { title: 'Same', body: 'for both transports' } } });

/** Every 40 devices: one gone, one refused token, one 503 then taken, one refused stream then taken, one 429 for good, one too large. */
function answerFor(index: number, attempt: number): Answer {
  switch (index % 40) {
    case 0: return { status: 410, reason: 'Unregistered' };
    case 1: return { status: 400, reason: 'BadDeviceToken' };
    case 2: return attempt === 1 ? { status: 503, reason: 'ServiceUnavailable' } : undefined;
    case 3: return attempt === 1 ? { refuse: true } : undefined;
    case 4: return { status: 429, reason: 'TooManyRequests' };
    case 5: return { status: 413, reason: 'PayloadTooLarge' };
    default: return undefined;
  }
}

async function run(transport: 'frames' | 'node') {
  const attempts = new Map<string, number>();
  const taken = new Map<string, number>();
  const index = new Map(tokens.map((token, i) => [token, i]));
  const simulator = await startSimulator({
    teamId: 'TEAM123456', keyId: 'KEY1234567', publicKey: key.publicKey, topic: TOPIC, maxConcurrentStreams: 500,
    answer: (push) => {
      const n = (attempts.get(push.deviceToken) ?? 0) + 1;
      attempts.set(push.deviceToken, n);
      return answerFor(index.get(push.deviceToken)!, n);
    },
    onAccept: (push) => taken.set(push.deviceToken, (taken.get(push.deviceToken) ?? 0) + 1),
  });
  const pool = createTransport(transport, { origin: simulator.origin, ca: simulator.ca, connections: 2 });
  const send = createSender({ transport: pool, token: createProviderToken({ teamId: 'TEAM123456', keyId: 'KEY1234567', privateKey: key.privateKey }), maxAttempts: 3, backoffMs: 1 });
  const outcomes: PushOutcome[] = new Array(PUSHES);
  await new Promise<void>((resolve) => {
    let left = PUSHES;
    const sink = { settle: (i: number, outcome: PushOutcome) => ((outcomes[i] = outcome), --left === 0 && resolve()) };
    tokens.forEach((token, i) => send.dispatch!(sink, i, token, `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, headers, payload));
  });
  await pool.close();
  await simulator.close();
  return { outcomes, taken };
}

describe('the two APNs transports', () => {
  const runs: Awaited<ReturnType<typeof run>>[] = [];
  afterAll(() => void runs.splice(0));

  it('give the same outcome for each of 10,000 devices, and deliver each once', async () => {
    runs.push(await run('frames'), await run('node'));
    const [frames, node] = runs;
    expect(frames!.outcomes).toEqual(node!.outcomes);
    const expected = (i: number): PushOutcome => {
      switch (i % 40) {
        case 0: return { ok: false, reason: 'Unregistered', kind: 'dead' };
        case 1: return { ok: false, reason: 'BadDeviceToken', kind: 'token' };
        case 4: return { ok: false, reason: 'TooManyRequests', kind: 'retry' };
        case 5: return { ok: false, reason: 'PayloadTooLarge', kind: 'refused' };
        default: return { ok: true };
      }
    };
    frames!.outcomes.forEach((outcome, i) => expect(outcome, `device ${i}`).toEqual(expected(i)));
    for (const { outcomes, taken } of runs) {
      const delivered = tokens.filter((_, i) => outcomes[i]!.ok);
      expect(taken.size).toBe(delivered.length);
      expect(delivered.every((token) => taken.get(token) === 1)).toBe(true);
    }
  }, 120_000);
});
