// What POST /v1/notify accepts. Every field is checked here, and each error names its field.
import { invalid, ok, type Result } from '../errors.ts';
import { jsonIssue, stringIssue } from '../validate.ts';
import { topicsOf } from '../subscriptions/topics.ts';
import { localizedOf, type LocalizedText } from './localized.ts';

export const INTERRUPTION_LEVELS = ['passive', 'active', 'time-sensitive', 'critical'] as const;

export interface NotifyRequest {
  body: string;
  target: 'all' | 'users' | 'topics';
  externalIds?: string[];
  /** Target "topics": the subscribers that follow at least one of them. */
  topics?: string[];
  /** Texts per language (BCP 47 tags in canonical form): a device gets the one closest to its locale, else title and body. */
  localized?: Record<string, LocalizedText>;
  title?: string;
  subtitle?: string;
  badge?: number;
  sound?: string;
  data?: Record<string, unknown>;
  threadId?: string;
  category?: string;
  collapseId?: string;
  interruptionLevel?: (typeof INTERRUPTION_LEVELS)[number];
  relevanceScore?: number;
  expiration?: number;
  priority?: 5 | 10;
  pushType?: 'alert' | 'background';
  mutableContent?: boolean;
  /** When to send, as an ISO 8601 UTC timestamp; absent: now. */
  sendAt?: string;
}

/** How far ahead a broadcast can be scheduled. */
export const MAX_SCHEDULE_MS = 30 * 24 * 60 * 60 * 1000;
const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/;

const MAX_INT32 = 2 ** 31 - 1;
const MAX_UINT32 = 2 ** 32 - 1;
const KNOWN = new Set(['body', 'target', 'externalIds', 'topics', 'localized', 'title', 'subtitle', 'badge', 'sound', 'data', 'threadId', 'category', 'collapseId', 'interruptionLevel', 'relevanceScore', 'expiration', 'priority', 'pushType', 'mutableContent', 'sendAt']);
const TEXT_LIMITS: Record<string, number> = { title: 256, subtitle: 256, sound: 256, threadId: 256, category: 256 };

export function validateNotifyRequest(input: unknown, now = Date.now()): Result<NotifyRequest> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return invalid('body', 'the request must be a JSON object');
  const raw = input as Record<string, unknown>;
  const unknownField = Object.keys(raw).find((key) => !KNOWN.has(key));
  if (unknownField) return invalid(unknownField, `${unknownField} is not a field of a notification`);
  if (raw.body === undefined || raw.body === null) return invalid('body', 'body is required');
  const bodyIssue = stringIssue(raw.body, 'body', { max: 4096 });
  if (bodyIssue) return invalid('body', bodyIssue);
  if (raw.target !== 'all' && raw.target !== 'users' && raw.target !== 'topics') {
    return invalid('target', raw.target === undefined ? 'target is required' : 'target must be "all", "users" or "topics"');
  }
  const request: NotifyRequest = { body: raw.body as string, target: raw.target };
  if (raw.target === 'users') {
    const ids = raw.externalIds;
    if (!Array.isArray(ids) || ids.length < 1 || ids.length > 1000) return invalid('externalIds', 'externalIds must be a list of 1 to 1000 strings when target is "users"');
    for (const id of ids) {
      const issue = stringIssue(id, 'externalIds', { max: 128 });
      if (issue) return invalid('externalIds', `every externalId must be a string of 1 to 128 characters`);
    }
    request.externalIds = [...new Set(ids as string[])];
  } else if (raw.externalIds !== undefined) {
    return invalid('externalIds', 'externalIds goes with target "users"');
  }
  if (raw.target === 'topics') {
    const topics = topicsOf(raw.topics ?? [], 'topics', { min: 1 });
    if (!topics.ok) return topics;
    request.topics = topics.value!;
  } else if (raw.topics !== undefined) {
    return invalid('topics', 'topics goes with target "topics"');
  }
  if (raw.localized !== undefined) {
    const localized = localizedOf(raw.localized);
    if (!localized.ok) return localized;
    request.localized = localized.value;
  }
  for (const [field, max] of Object.entries(TEXT_LIMITS)) {
    if (raw[field] === undefined) continue;
    const issue = stringIssue(raw[field], field, { max });
    if (issue) return invalid(field, issue);
    (request as unknown as Record<string, unknown>)[field] = raw[field];
  }
  if (raw.badge !== undefined) {
    if (!Number.isInteger(raw.badge) || (raw.badge as number) < 0 || (raw.badge as number) > MAX_INT32) return invalid('badge', `badge must be an integer from 0 to ${MAX_INT32}`);
    request.badge = raw.badge as number;
  }
  if (raw.data !== undefined) {
    if (typeof raw.data !== 'object' || raw.data === null || Array.isArray(raw.data)) return invalid('data', 'data must be a JSON object');
    if ('aps' in raw.data) return invalid('data', 'data must not contain "aps": Clarion builds it');
    const issue = jsonIssue(raw.data, 'data');
    if (issue) return invalid('data', issue.message);
    // History keeps the request as jsonb, which cannot hold NUL.
    if (JSON.stringify(raw.data).includes('\\u0000')) return invalid('data', 'data must not contain NUL characters');
    request.data = raw.data as Record<string, unknown>;
  }
  if (raw.collapseId !== undefined) {
    // It goes into the apns-collapse-id HTTP/2 header: visible ASCII only, at most Apple's 64 bytes.
    if (typeof raw.collapseId !== 'string' || !/^[\x21-\x7e]{1,64}$/.test(raw.collapseId)) return invalid('collapseId', 'collapseId must be 1 to 64 visible ASCII characters (no spaces or control characters)');
    request.collapseId = raw.collapseId;
  }
  if (raw.interruptionLevel !== undefined) {
    if (!INTERRUPTION_LEVELS.includes(raw.interruptionLevel as never)) return invalid('interruptionLevel', `interruptionLevel must be one of ${INTERRUPTION_LEVELS.join(', ')}`);
    request.interruptionLevel = raw.interruptionLevel as NotifyRequest['interruptionLevel'];
  }
  if (raw.relevanceScore !== undefined) {
    if (typeof raw.relevanceScore !== 'number' || !(raw.relevanceScore >= 0 && raw.relevanceScore <= 1)) return invalid('relevanceScore', 'relevanceScore must be a number from 0 to 1');
    request.relevanceScore = raw.relevanceScore;
  }
  if (raw.expiration !== undefined) {
    if (!Number.isInteger(raw.expiration) || (raw.expiration as number) < 0 || (raw.expiration as number) > MAX_UINT32) {
      return invalid('expiration', 'expiration must be a UNIX time in seconds (0: deliver once, never store)');
    }
    request.expiration = raw.expiration as number;
  }
  if (raw.pushType !== undefined) {
    if (raw.pushType !== 'alert' && raw.pushType !== 'background') return invalid('pushType', 'pushType must be "alert" or "background"');
    request.pushType = raw.pushType;
  }
  if (raw.priority !== undefined) {
    if (raw.priority !== 5 && raw.priority !== 10) return invalid('priority', 'priority must be 10 (immediate) or 5 (power-considerate)');
    if (raw.priority === 10 && request.pushType === 'background') return invalid('priority', 'background pushes must have priority 5');
    request.priority = raw.priority;
  }
  if (raw.mutableContent !== undefined) {
    if (typeof raw.mutableContent !== 'boolean') return invalid('mutableContent', 'mutableContent must be true or false');
    request.mutableContent = raw.mutableContent;
  }
  if (raw.sendAt !== undefined && raw.sendAt !== null) {
    const at = typeof raw.sendAt === 'string' && RFC3339.test(raw.sendAt) ? Date.parse(raw.sendAt.toUpperCase().replace(' ', 'T')) : NaN;
    if (Number.isNaN(at)) return invalid('sendAt', 'sendAt must be an RFC 3339 date-time with a time zone, e.g. 2026-12-24T18:00:00Z');
    if (at - now > MAX_SCHEDULE_MS) return invalid('sendAt', 'sendAt must be at most 30 days ahead');
    request.sendAt = new Date(at).toISOString();
  }
  return ok(request);
}
