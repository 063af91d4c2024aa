// Web Push as a push platform of the fan-out (src/fanout/platform.ts), and the channel a page's
// pushes to browsers go out through.
import { createHash } from 'node:crypto';
import type { Circuit } from '../fanout/circuit.ts';
import type { PlatformChannel, PushPlatform } from '../fanout/platform.ts';
import { settingOf, VAPID_ADVICE } from './answers.ts';
import { buildWebPushMessage, type WebPushMessage } from './message.ts';
import type { WebPushSender } from './sender.ts';

/**
 * The one setting that decides which subscriptions accept our pushes is the VAPID public key: each was made
 * for one. The fingerprint holds it (it is public) and no secret.
 */
export function webPushPlatform({ publicKey }: { publicKey: string }): PushPlatform<WebPushMessage> {
  const fingerprint = createHash('sha256').update(`web\n${publicKey}`).digest('hex');
  return {
    service: 'the Web Push service',
    configurationCode: 'WEB_PUSH_CONFIGURATION',
    fingerprint: () => fingerprint,
    settingOf,
    advice: (setting) => `check ${setting} (the public key now is ${publicKey}). ${VAPID_ADVICE}`,
  };
}

/**
 * Browsers through a Web Push sender: the recipient's token is the subscription's endpoint, its keys are
 * p256dh and auth. The message is built whenever a run starts, so its TTL is the time left then.
 */
export function webPushChannel({ sender, platform, circuit }: { sender: Pick<WebPushSender, 'dispatch'>; platform: PushPlatform<WebPushMessage>; circuit: Circuit }): PlatformChannel<WebPushMessage> {
  return {
    platform,
    circuit,
    prepare: (request, broadcastId) => buildWebPushMessage(request, broadcastId),
    dispatch(sink, index, recipient, message) {
      // A web device stored without its keys cannot be encrypted for, now or later.
      if (!recipient.p256dh || !recipient.auth) return queueMicrotask(() => sink.settle(index, { ok: false, kind: 'dead', reason: 'InvalidSubscriptionKeys' }));
      sender.dispatch(sink, index, recipient.token, recipient.p256dh, recipient.auth, message);
    },
  };
}
