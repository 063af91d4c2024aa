// One page's sending loop with a scripted sender (the fan-out's tests send to the APNs stand-in): what it does
// with an outage breaker that holds pushes back, at its deadline, and how often answers wake it.
import { createHook } from 'node:async_hooks';
import { describe, expect, it } from 'vitest';
import { createCircuit } from './circuit.ts';
import { apnsChannel, apnsPlatform } from '../apns/platform.ts';
import type { SendPush } from '../apns/sender.ts';
import { createConfigurationBreaker } from './breaker.ts';
import { sendPage, type Dispatch } from './pages.ts';
import type { PushOutcome } from './platform.ts';

const push = { payload: '{"aps":{}}', headers: { 'apns-topic': 'dev.clarion.test' } };
const breaker = () => createConfigurationBreaker({ proven: true, platform: apnsPlatform({ origin: 'https://apns.test' }), push });
const recipients = (n: number) => Array.from({ length: n }, (_, i) => ({ device_uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, platform: 'ios', token: 'ab'.repeat(32), proven: true }));
/** The APNs channel over a scripted sender, bound to the broadcast's message as a shard run binds it. */
const through = (send: SendPush): Dispatch => {
  const channel = apnsChannel({ send, platform: apnsPlatform({ origin: 'https://apns.test' }), circuit: createCircuit(), topic: 'dev.clarion.test' });
  return (sink, index, recipient) => channel.dispatch(sink, index, recipient, push, '018f0000-0000-7000-8000-000000000000');
};

describe('sendPage', () => {
  it('goes through a page whose pushes the outage breaker holds back, without waiting for an answer that never comes', async () => {
    const circuit = createCircuit({ threshold: 1 });
    circuit.record({ ok: false, reason: 'ServiceUnavailable', kind: 'retry' });
    expect(circuit.openSince()).not.toBeNull();
    let sent = 0;
    const send: SendPush = async () => ((sent += 1), { ok: true });
    // No deadline: a loop that stalled once a round was used up by held-back pushes would never resolve, and the test would time out.
    const outcome = await sendPage(through(send), recipients(100), { concurrency: 5, breaker: breaker(), circuit, retries: true });
    expect(sent).toBe(0);
    expect(outcome.retry).toHaveLength(100);
    expect(outcome.retry.every((item) => !item.tried && item.reason === 'ServiceUnavailable')).toBe(true);
  });

  it('at its deadline, leaves what is in flight to the retry table as ambiguous, and what was never sent untried; the outage breaker is not told', async () => {
    const circuit = createCircuit({ threshold: 5 });
    const send: SendPush = () => new Promise<PushOutcome>(() => {});
    const outcome = await sendPage(through(send), recipients(50), {
      concurrency: 20, breaker: createConfigurationBreaker({ proven: true, platform: apnsPlatform({ origin: 'https://apns.test' }), push }), circuit, retries: true, deadline: Date.now() + 200,
    });
    // Probing until a first delivery: one round of 10 went out.
    expect(outcome.retry.filter((item) => item.ambiguous)).toHaveLength(10);
    expect(outcome.retry.filter((item) => !item.tried)).toHaveLength(40);
    expect(circuit.openSince()).toBeNull();
  });

  it('counts a push unanswered a second time as ambiguous instead of sending it a third time', async () => {
    const send: SendPush = () => Promise.resolve({ ok: false, reason: 'Timeout', kind: 'ambiguous' });
    const [first, second] = [{ ...recipients(1)[0]!, ambiguous: 0 }, { ...recipients(2)[1]!, ambiguous: 1 }];
    const outcome = await sendPage(through(send), [first, second], { concurrency: 2, breaker: breaker(), retries: true });
    expect(outcome.retry).toEqual([{ deviceUuid: first.device_uuid, reason: 'Timeout', tried: true, ambiguous: true }]);
    expect(outcome.failures).toEqual({ ambiguous: 1 });
  });
});

describe('sendPage without a promise per push', () => {
  /** Promises made while `work` runs (async_hooks sees every one, native or not). */
  async function promisesMadeBy<T>(work: () => Promise<T>): Promise<{ result: T; promises: number }> {
    let promises = 0;
    const hook = createHook({ init: (_id, type) => void (type === 'PROMISE' && (promises += 1)) }).enable();
    try {
      const result = await work();
      return { result, promises };
    } finally {
      hook.disable();
    }
  }
  /** Each push answered delivered from a callback of its own, as answers read one at a time from a socket are. */
  const answeredApart: Dispatch = (sink, index) => void setImmediate(() => sink.settle(index, { ok: true }));

  it('a page in flight at once is not woken by each answer: 1,000 pushes make a handful of promises', async () => {
    const { result, promises } = await promisesMadeBy(() => sendPage(answeredApart, recipients(1000), { concurrency: 1000, breaker: breaker(), retries: true }));
    expect(result.sent).toBe(1000);
    expect(result.retry).toEqual([]);
    expect(promises).toBeLessThan(20);
  });

  it('a page larger than its concurrency is still woken to send the rest, and ends when the last answer comes', async () => {
    const result = await sendPage(answeredApart, recipients(300), { concurrency: 7, breaker: breaker(), retries: true });
    expect(result.sent).toBe(300);
    expect(result.attempted).toBe(300);
  });
});
