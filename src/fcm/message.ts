// A Clarion notification as FCM HTTP v1's message (https://firebase.google.com/docs/reference/fcm/rest/v1/projects.messages),
// built once per broadcast. FCM takes one device per request, so the body is kept as the JSON before and after the
// token: a push only splices its token in, with no JSON.stringify per push.
import { invalid, ok, type Result } from '../domain/errors.ts';
import type { NotifyRequest } from '../domain/broadcasts/request.ts';

/** FCM's limit on a message (its notification, data and options; not the device token). */
export const MAX_MESSAGE_BYTES = 4096;
/** FCM keeps an undelivered message for at most 4 weeks. */
export const MAX_TTL_S = 28 * 24 * 60 * 60;

export interface FcmMessage {
  /** `{"message":{"token":"` : the request body up to the token. */
  readonly head: string;
  /** The request body after the token: `",` and the rest of the message. */
  readonly tail: string;
  /** The message's size as FCM counts it (without the token). */
  readonly bytes: number;
  /** The message without its token, for logs and tests. */
  readonly message: Readonly<Record<string, unknown>>;
}

const HEAD = '{"message":{"token":"';

/** FCM reserves these data keys for itself and refuses a message that uses one. */
export function reservedDataKey(key: string) {
  return key === 'from' || key === 'message_type' || key.startsWith('google.') || key.startsWith('gcm.');
}

/**
 * `broadcastId` is the Android notification's tag when no collapseId is given: a push sent twice (its first try went
 * unanswered and may have arrived) replaces its first copy in the drawer instead of showing twice, as the
 * apns-collapse-id does on iOS. `now` (ms) turns the request's expiration into FCM's relative ttl.
 */
export function buildFcmMessage(request: NotifyRequest, broadcastId: string, now = Date.now()): Result<FcmMessage> {
  const data: Record<string, string> = {};
  for (const [key, value] of Object.entries(request.data ?? {})) {
    if (reservedDataKey(key)) return invalid('data', `data must not use the key "${key}": FCM reserves "from", "message_type" and keys starting "google." or "gcm."`);
    // FCM's data is string to string: strings go as they are, anything else as its JSON text for the app to parse.
    data[key] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  const background = request.pushType === 'background';
  const android: Record<string, unknown> = { priority: (request.priority ?? 10) === 10 && !background ? 'high' : 'normal' };
  if (request.expiration !== undefined) android.ttl = `${ttlSeconds(request.expiration, now)}s`;
  if (request.collapseId !== undefined) android.collapse_key = request.collapseId;
  const message: Record<string, unknown> = {};
  // A background push is data only: the app handles it, nothing is shown (as content-available on iOS).
  if (!background) {
    message.notification = { ...(request.title && { title: request.title }), body: request.body };
    android.notification = { tag: request.collapseId ?? broadcastId, ...(request.sound && { sound: request.sound }) };
  }
  if (Object.keys(data).length) message.data = data;
  message.android = android;
  const rest = JSON.stringify(message);
  const bytes = Buffer.byteLength(rest);
  if (bytes > MAX_MESSAGE_BYTES) return invalid('body', `the notification's FCM message is ${bytes} bytes; FCM accepts at most ${MAX_MESSAGE_BYTES}`);
  return ok({ head: HEAD, tail: `",${rest.slice(1)}}`, bytes, message });
}

/** Seconds left until `expiration` (UNIX seconds): 0 (deliver now or never) for 0 or a time gone by. */
function ttlSeconds(expiration: number, now: number) {
  if (expiration === 0) return 0;
  return Math.min(Math.max(0, expiration - Math.floor(now / 1000)), MAX_TTL_S);
}

/** FCM tokens are base64url-like text with ':'; anything else is escaped rather than trusted into the JSON. */
const PLAIN_TOKEN = /^[\w:.~-]*$/;

/** The request body of one push: the broadcast's message with `token` spliced in. */
export function messageBody(message: FcmMessage, token: string) {
  return message.head + (PLAIN_TOKEN.test(token) ? token : JSON.stringify(token).slice(1, -1)) + message.tail;
}
