// A broadcast as Web Push carries it: the plaintext the service worker receives (JSON: body, title, data) and
// the RFC 8030 headers. Built once per broadcast; each device's copy is encrypted for it by the sender.
import { invalid, ok, type Result } from '../domain/errors.ts';
import type { NotifyRequest } from '../domain/broadcasts/request.ts';
import { isBase64urlText } from './base64url.ts';
import { MAX_PLAINTEXT_BYTES } from './encrypt.ts';

/** Without an expiration a push service keeps a message for up to 4 weeks, as APNs and FCM do. */
export const DEFAULT_TTL_SECONDS = 2_419_200;

export interface WebPushHeaders {
  /** Seconds the push service keeps the message for an offline browser. */
  TTL: string;
  Urgency: 'high' | 'normal';
  /** Replaces an undelivered message of the same topic on the push service. */
  Topic?: string;
}

export interface WebPushMessage {
  plaintext: Buffer;
  headers: WebPushHeaders;
  /** The request's expiration (UNIX seconds): the sender sends the TTL left when the push leaves. */
  expiration?: number;
}

/** RFC 8030 §5.4: a Topic is at most 32 characters of the base64url alphabet. */
const topicOf = (value: string) => (isBase64urlText(value, 32) ? value : undefined);

export const ttlAt = (expiration: number, now: number) => String(Math.max(0, expiration - Math.floor(now / 1000)));

/**
 * The Topic is the request's collapseId when it is a valid topic (none when it is not). Without a collapseId
 * it is the broadcast's id without its hyphens (32 hex digits): a push sent again after an unanswered first try
 * then replaces its first copy if the push service still holds it, as apns-collapse-id does on iOS.
 */
export function buildWebPushMessage(request: NotifyRequest, broadcastId: string, now = Date.now()): Result<WebPushMessage> {
  const content: Record<string, unknown> = { body: request.body };
  if (request.title !== undefined) content.title = request.title;
  if (request.data !== undefined) content.data = request.data;
  const plaintext = Buffer.from(JSON.stringify(content));
  if (plaintext.length > MAX_PLAINTEXT_BYTES) {
    return invalid('body', `the notification's Web Push payload (body, title and data as JSON) is ${plaintext.length} bytes; Web Push carries at most ${MAX_PLAINTEXT_BYTES}`);
  }
  const headers: WebPushHeaders = {
    TTL: request.expiration === undefined ? String(DEFAULT_TTL_SECONDS) : ttlAt(request.expiration, now),
    Urgency: request.priority === 5 ? 'normal' : 'high',
  };
  const topic = request.collapseId !== undefined ? topicOf(request.collapseId) : topicOf(broadcastId.replaceAll('-', ''));
  if (topic) headers.Topic = topic;
  return ok(request.expiration === undefined ? { plaintext, headers } : { plaintext, headers, expiration: request.expiration });
}
