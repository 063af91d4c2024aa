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

// One child per label value, made once: the push path pays a lookup and an increment.
const byPlatform = new Map(
  Object.entries(REASONS).map(([platform, reasons]) => [
    platform,
    { sent: pushes.labels(platform, 'sent'), other: pushes.labels(platform, 'other'), byResult: new Map([...reasons, ...TRANSPORT].map((reason) => [reason, pushes.labels(platform, reason)])) },
  ]),
);

export function countPush(outcome: PushOutcome, platform = 'ios') {
  const counters = byPlatform.get(platform) ?? byPlatform.get('ios')!;
  if (outcome.ok) counters.sent.inc();
  else (counters.byResult.get(outcome.reason) ?? counters.other).inc();
}

const ambiguous = new Counter({
  name: 'clarion_pushes_ambiguous_total',
  help: 'Pushes written to a push service that got no answer (a timeout, a stream or connection cut after they were sent): each may have been delivered, and is sent once more at most',
  registers: [registry],
});

export const countAmbiguous = () => ambiguous.inc();
