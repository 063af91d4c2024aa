// One measured sender for bench/web-push, in a process of its own (started by run.ts): sends `pushes` pushes
// (after `warmup` unmeasured ones) to the simulator's subscriptions in turn, `concurrency` in flight, and
// reports its own CPU. Variant 'clarion': createWebPushSender's dispatch, one message built for the broadcast.
// Variant 'web-push': the web-push library's sendNotification with the same payload, headers, VAPID key and
// an https.Agent like ours (keep-alive, 32 sockets, the simulator's certificate).
import https from 'node:https';
import webpush, { type RequestOptions } from 'web-push';
import type { PushOutcome } from '../../src/fanout/platform.ts';
import { buildWebPushMessage } from '../../src/webpush/message.ts';
import type { PushSubscriptionJson } from '../../src/webpush/simulator.ts';
import { createWebPushSender } from '../../src/webpush/sender.ts';
import { createVapidSigner } from '../../src/webpush/vapid.ts';

export interface SenderConfig {
  variant: 'clarion' | 'web-push';
  origin: string;
  ca: string;
  subscriptions: PushSubscriptionJson[];
  vapid: { subject: string; publicKey: string; privateKey: string };
  pushes: number;
  warmup: number;
  concurrency: number;
  maxSockets: number;
}

export interface SenderResult {
  pushes: number;
  seconds: number;
  cpuMicros: number;
  failures: Record<string, number>;
}

type Send = (index: number, done: (outcome: string | undefined) => void) => void;

const config = JSON.parse(await new Promise<string>((resolve) => process.once('message', (message) => resolve(message as string)))) as SenderConfig;
const request = { body: 'Hello from the bench', title: 'Bench', target: 'all' as const, data: { kind: 'bench' } };
const built = buildWebPushMessage(request, '0b6f6c1e-9a7d-4c1b-8f3e-2d5a6b7c8d9e');
if (!built.ok) throw new Error(built.error.message);
const message = built.value;
const subscriptions = config.subscriptions;

function clarion(): { send: Send; close: () => void } {
  const signer = createVapidSigner(config.vapid);
  const sender = createWebPushSender({ vapid: signer, allowPrivate: true, ca: config.ca, maxSocketsPerOrigin: config.maxSockets });
  const keys = subscriptions.map((s) => ({ endpoint: s.endpoint, p256dh: Buffer.from(s.keys.p256dh, 'base64url'), auth: Buffer.from(s.keys.auth, 'base64url') }));
  const waiting: ((outcome: string | undefined) => void)[] = [];
  // One sink for every push, as a page has: the index says which push ended.
  const sink = { settle: (index: number, outcome: PushOutcome) => waiting[index]!(outcome.ok ? undefined : `${outcome.kind}:${outcome.reason}`) };
  const send: Send = (index, done) => {
    const target = keys[index % keys.length]!;
    waiting[index] = done;
    sender.dispatch(sink, index, target.endpoint, target.p256dh, target.auth, message);
  };
  return { send, close: () => sender.close() };
}

function library(): { send: Send; close: () => void } {
  const agent = new https.Agent({ keepAlive: true, maxSockets: config.maxSockets, ca: config.ca });
  const payload = message.plaintext.toString();
  const options = {
    vapidDetails: config.vapid, TTL: Number(message.headers.TTL), urgency: message.headers.Urgency, topic: message.headers.Topic,
    contentEncoding: 'aes128gcm', agent,
  } satisfies RequestOptions;
  const send: Send = (index, done) => {
    webpush.sendNotification(subscriptions[index % subscriptions.length]!, payload, options).then(
      () => done(undefined),
      (error: { statusCode?: number; message?: string }) => done(error.statusCode ? `HTTP${error.statusCode}` : String(error.message)),
    );
  };
  return { send, close: () => agent.destroy() };
}

/** `count` pushes, `concurrency` in flight. */
function run(send: Send, count: number, failures: Record<string, number>) {
  return new Promise<void>((resolve) => {
    let started = 0;
    let ended = 0;
    const next = () => {
      const index = started++;
      send(index, (failure) => {
        if (failure) failures[failure] = (failures[failure] ?? 0) + 1;
        ended += 1;
        if (ended === count) return resolve();
        if (started < count) next();
      });
    };
    for (let i = 0; i < Math.min(config.concurrency, count); i += 1) next();
  });
}

const variant = config.variant === 'clarion' ? clarion() : library();
await run(variant.send, config.warmup, {});
const failures: Record<string, number> = {};
const cpu = process.cpuUsage();
const started = process.hrtime.bigint();
await run(variant.send, config.pushes, failures);
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
const used = process.cpuUsage(cpu);
variant.close();
process.send!({ pushes: config.pushes, seconds, cpuMicros: used.user + used.system, failures } satisfies SenderResult, () => process.exit(0));
