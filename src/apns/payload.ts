// The APNs payload and headers of a broadcast, built once and sent to every device, and its size checked here so
// that a broadcast too large fails before sending. The payload is mapped as apns2's Notification maps it (the same
// keys in the same order: payload.test.ts compares the two); written here, so that a process that sends does not
// load apns2 and its HTTP client.
import { invalid, ok, type Result } from '../domain/errors.ts';
import type { NotifyRequest } from '../domain/broadcasts/request.ts';

export const MAX_PAYLOAD_BYTES = 4096;

export interface PreparedPush {
  payload: string;
  headers: Record<string, string>;
}

/**
 * `broadcastId` becomes the apns-collapse-id of a request without one: a push sent twice (its first try went
 * unanswered and may have arrived) then replaces its first copy on the phone instead of showing twice.
 */
export function preparePush(request: NotifyRequest, topic: string, broadcastId: string): Result<PreparedPush> {
  const background = request.pushType === 'background';
  const aps: Record<string, unknown> = {};
  // Apple allows no alert, sound or badge on a background push; its body stays in history.
  if (!background) aps.alert = { ...(request.title && { title: request.title }), ...(request.subtitle && { subtitle: request.subtitle }), body: request.body };
  if (request.interruptionLevel) aps['interruption-level'] = request.interruptionLevel;
  if (request.relevanceScore !== undefined) aps['relevance-score'] = request.relevanceScore;
  // Apple's fields in aps in the order apns2 writes them, and the request's data beside aps.
  if (background) aps['content-available'] = 1;
  else if (request.sound !== undefined) aps.sound = request.sound;
  if (request.category !== undefined) aps.category = request.category;
  if (!background && request.badge !== undefined) aps.badge = request.badge;
  if (request.threadId !== undefined) aps['thread-id'] = request.threadId;
  if (request.mutableContent !== undefined) aps['mutable-content'] = request.mutableContent ? 1 : 0;
  const payload = JSON.stringify({ aps, ...request.data });
  const size = Buffer.byteLength(payload);
  if (size > MAX_PAYLOAD_BYTES) return invalid('body', `the notification's APNs payload is ${size} bytes; APNs accepts at most ${MAX_PAYLOAD_BYTES}`);
  const headers: Record<string, string> = {
    'apns-topic': topic,
    'apns-push-type': background ? 'background' : 'alert',
    'apns-priority': String(background ? 5 : (request.priority ?? 10)),
  };
  if (request.expiration !== undefined) headers['apns-expiration'] = String(request.expiration);
  headers['apns-collapse-id'] = request.collapseId ?? broadcastId;
  return ok({ payload, headers });
}
