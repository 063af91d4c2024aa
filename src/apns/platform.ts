// APNs as a push platform of the fan-out (src/fanout/platform.ts): which settings a push is sent
// with, what to say of the setting an answer blames, and the channel a page's pushes go out through.
import { createHash } from 'node:crypto';
import { apnsIdFor } from './apns-id.ts';
import type { PlatformChannel, PushPlatform } from '../fanout/platform.ts';
import type { PreparedPush } from './payload.ts';
import { preparePush } from './payload.ts';
import { ok } from '../domain/errors.ts';
import { adviceFor, settingOf } from './answers.ts';
import type { Circuit } from '../fanout/circuit.ts';
import type { SendPush } from './sender.ts';

/**
 * The settings that decide which tokens APNs accepts: its origin (APNS_ENV or APNS_URL) and the topic, the
 * broadcast's own (its stored headers, so a broadcast resumed under another APNS_TOPIC is told apart). The team and
 * key are left out: a wrong one is answered InvalidProviderToken, which blames no device, and a key rotated on
 * purpose must not make every setting unproven again.
 */
export function apnsPlatform({ origin }: { origin: string }): PushPlatform<PreparedPush> {
  return {
    service: 'APNs',
    configurationCode: 'APNS_CONFIGURATION',
    fingerprint: (push) => createHash('sha256').update(`apns\n${origin}\n${push.headers['apns-topic'] ?? ''}`).digest('hex'),
    settingOf,
    advice: (setting, push) => `check ${setting}${setting === 'APNS_TOPIC' ? ` (now "${push.headers['apns-topic'] ?? ''}")` : ''}. ${adviceFor(setting)}`,
  };
}

/**
 * iOS devices through an APNs sender. The message is the one stored with the broadcast when it was accepted (its
 * topic then); each push gets the apns-id of its (broadcast, device), so a push sent again is the same push.
 */
export function apnsChannel({ send, platform, circuit, topic }: { send: SendPush; platform: PushPlatform<PreparedPush>; circuit: Circuit; topic: string }): PlatformChannel<PreparedPush> {
  return {
    platform,
    circuit,
    prepare: (request, broadcastId) => (request.push ? ok(request.push as PreparedPush) : preparePush(request, topic, broadcastId)),
    dispatch(sink, index, recipient, push, broadcastKey) {
      const apnsId = apnsIdFor(broadcastKey, recipient.device_uuid);
      if (send.dispatch) return send.dispatch(sink, index, recipient.token, apnsId, push.headers, push.payload);
      send({ deviceToken: recipient.token, apnsId, headers: push.headers, payload: push.payload }).then(
        (outcome) => sink.settle(index, outcome),
        (error: unknown) => sink.broken?.(error),
      );
    },
  };
}
