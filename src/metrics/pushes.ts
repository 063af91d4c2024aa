// Every answer a push got, by platform: "sent", the push service's reason (Apple's, FCM's error code, the Web
// Push status's name), or the transport's (Timeout, ConnectionError). A push that is retried later counts each
// of its answers, so the sum is answers, not devices. Reasons outside the known lists (or an unexpected HTTP
// status) are "other", so a misbehaving server, or a browser's endpoint, cannot grow the labels.
import { Counter } from 'prom-client';
import type { PushOutcome } from '../fanout/platform.ts';
import { registry } from './registry.ts';

const pushes = new Counter({
  name: 'clarion_pushes_total',
  help: 'Answers to pushes, by platform (ios, android, web): "sent", the push service\'s reason, a transport outcome (Timeout, ConnectionError, HTTP5xx) or "other"',
  labelNames: ['platform', 'result'] as const,
  registers: [registry],
  // The answers counted since the last read, handed over when the counter is read (a scrape, a worker's answer to it).
  collect() {
    for (let slot = 0; slot < pending.length; slot += 1) {
      if (pending[slot] === 0) continue;
      children[slot]!.inc(pending[slot]);
      pending[slot] = 0;
    }
  },
});

// https://developer.apple.com/documentation/usernotifications/handling-notification-responses-from-apns
const APPLE_REASONS = [
  'BadCollapseId', 'BadDeviceToken', 'BadExpirationDate', 'BadMessageId', 'BadPriority', 'BadTopic', 'DeviceTokenNotForTopic',
  'DuplicateHeaders', 'IdleTimeout', 'InvalidPushType', 'MissingDeviceToken', 'MissingTopic', 'PayloadEmpty', 'TopicDisallowed',
  'BadCertificate', 'BadCertificateEnvironment', 'ExpiredProviderToken', 'Forbidden', 'InvalidProviderToken', 'MissingProviderToken',
  'UnrelatedKeyIdInToken', 'BadEnvironmentKeyInToken', 'BadPath', 'MethodNotAllowed', 'ExpiredToken', 'Unregistered', 'PayloadTooLarge',
  'TooManyProviderTokenUpdates', 'TooManyRequests', 'InternalServerError', 'ServiceUnavailable', 'Shutdown',
];
// FCM's error codes (src/fcm/answers.ts) and the sender's own.
const FCM_REASONS = [
  'UNREGISTERED', 'INVALID_ARGUMENT', 'SENDER_ID_MISMATCH', 'QUOTA_EXCEEDED', 'RESOURCE_EXHAUSTED', 'UNAVAILABLE', 'INTERNAL', 'THIRD_PARTY_AUTH_ERROR',
  'UNAUTHENTICATED', 'PERMISSION_DENIED', 'NOT_FOUND', 'TOKEN_UNAVAILABLE', 'TOKEN_REFUSED',
];
// Web Push answers by name (src/webpush/answers.ts) and the sender's own.
const WEB_PUSH_REASONS = ['Gone', 'NotFound', 'PayloadTooLarge', 'TooManyRequests', 'Unauthorized', 'Forbidden', 'BadRequest', 'EndpointRefused', 'InvalidSubscriptionKeys', 'Closed'];
// The transport's own outcomes, and the statuses a proxy in front of a push service may answer without a reason.
const TRANSPORT = ['Timeout', 'ConnectionError', 'HTTP429', 'HTTP500', 'HTTP502', 'HTTP503', 'HTTP504'];
const REASONS: Record<string, string[]> = { ios: APPLE_REASONS, android: FCM_REASONS, web: WEB_PUSH_REASONS };

// A slot per label pair, made once, and the push path adds 1 to a number: prom-client's labelled increment hashes the
// labels into a new string on every call, which at one call a push was 160 bytes a push to collect (bench/broadcast's
// worker heap sampling). The counts reach prom-client when the counter is read (collect above).
const children: ReturnType<typeof pushes.labels>[] = [];
const slotOf = (platform: string, result: string) => children.push(pushes.labels(platform, result)) - 1;
const byPlatform = new Map(
  Object.entries(REASONS).map(([platform, reasons]) => [
    platform,
    { sent: slotOf(platform, 'sent'), other: slotOf(platform, 'other'), byResult: new Map([...reasons, ...TRANSPORT].map((reason) => [reason, slotOf(platform, reason)])) },
  ]),
);
const pending = new Float64Array(children.length);

export function countPush(outcome: PushOutcome, platform = 'ios') {
  const slots = byPlatform.get(platform) ?? byPlatform.get('ios')!;
  pending[outcome.ok ? slots.sent : (slots.byResult.get(outcome.reason) ?? slots.other)]! += 1;
}

const ambiguous = new Counter({
  name: 'clarion_pushes_ambiguous_total',
  help: 'Pushes written to a push service that got no answer (a timeout, a stream or connection cut after they were sent): each may have been delivered, and is sent once more at most',
  registers: [registry],
});

export const countAmbiguous = () => ambiguous.inc();
