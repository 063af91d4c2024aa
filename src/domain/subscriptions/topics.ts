// Topics a subscription follows (a newspaper's "sports", a school's "class-4b"): what a "topics" broadcast targets.
import { invalid, ok, type Result } from '../errors.ts';

export const TOPIC = /^[A-Za-z0-9_.~-]{1,64}$/;
/** The most topics one subscription follows, and one broadcast names. */
export const MAX_TOPICS = 32;
const TOPIC_RULE = 'a topic is 1 to 64 characters of A-Z, a-z, 0-9, "_", ".", "~" and "-"';

/**
 * A list of topics as given (case-sensitive, repeats collapsed, sorted), or the error naming `field`; absent or null:
 * none given (a subscription keeps the ones it has).
 */
export function topicsOf(given: unknown, field = 'topics', { min = 0 } = {}): Result<string[] | null> {
  if (given === undefined || given === null) return ok(null);
  if (!Array.isArray(given)) return invalid(field, `${field} must be a list of topics`);
  if (!given.every((topic) => typeof topic === 'string' && TOPIC.test(topic))) return invalid(field, `${field}: ${TOPIC_RULE}`);
  const topics = [...new Set(given as string[])].sort();
  if (topics.length < min || topics.length > MAX_TOPICS) return invalid(field, `${field} must hold ${min ? `${min} to ` : 'at most '}${MAX_TOPICS} topics`);
  return ok(topics);
}
