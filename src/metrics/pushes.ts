// Every answer a push got: "sent", Apple's reason, or the transport's (Timeout, ConnectionError). A push that
// is retried later counts each of its answers, so the sum is answers, not devices. Reasons outside Apple's
// documented list (or an unexpected HTTP status) are "other", so a misbehaving server cannot grow the labels.
import { Counter } from 'prom-client';
import type { PushOutcome } from '../domain/broadcasts/platform.ts';
import { registry } from './registry.ts';

const pushes = new Counter({ name: 'clarion_pushes_total', help: 'Answers to pushes sent to APNs: "sent", Apple\'s reason, a transport outcome (Timeout, ConnectionError, HTTP5xx) or "other"', labelNames: ['result'] as const, registers: [registry] });

// https://developer.apple.com/documentation/usernotifications/handling-notification-responses-from-apns
const APPLE_REASONS = [
  'BadCollapseId', 'BadDeviceToken', 'BadExpirationDate', 'BadMessageId', 'BadPriority', 'BadTopic', 'DeviceTokenNotForTopic',
  'DuplicateHeaders', 'IdleTimeout', 'InvalidPushType', 'MissingDeviceToken', 'MissingTopic', 'PayloadEmpty', 'TopicDisallowed',
  'BadCertificate', 'BadCertificateEnvironment', 'ExpiredProviderToken', 'Forbidden', 'InvalidProviderToken', 'MissingProviderToken',
  'UnrelatedKeyIdInToken', 'BadEnvironmentKeyInToken', 'BadPath', 'MethodNotAllowed', 'ExpiredToken', 'Unregistered', 'PayloadTooLarge',
  'TooManyProviderTokenUpdates', 'TooManyRequests', 'InternalServerError', 'ServiceUnavailable', 'Shutdown',
];
// The transport's own outcomes, and the statuses a proxy in front of APNs may answer without a reason.
const TRANSPORT = ['Timeout', 'ConnectionError', 'HTTP429', 'HTTP500', 'HTTP502', 'HTTP503', 'HTTP504'];

// One child per label value, made once: the push path pays a lookup and an increment.
const byResult = new Map([...APPLE_REASONS, ...TRANSPORT, 'other'].map((reason) => [reason, pushes.labels(reason)]));
const sent = pushes.labels('sent');
const other = byResult.get('other')!;

export function countPush(outcome: PushOutcome) {
  if (outcome.ok) sent.inc();
  else (byResult.get(outcome.reason) ?? other).inc();
}

const ambiguous = new Counter({
  name: 'clarion_pushes_ambiguous_total',
  help: 'Pushes written to APNs that got no answer (a timeout, a stream or connection cut after they were sent): each may have been delivered, and is sent once more at most',
  registers: [registry],
});

export const countAmbiguous = () => ambiguous.inc();
