// A notification's text in the readers' languages: POST /v1/notify's `localized`, {"fr": {"title", "body"}, ...}.
// Each device gets the text whose tag is closest to its locale (../devices/locale.ts), else the request's own.
import { canonicalLocale } from '../devices/locale.ts';
import { invalid, ok, type DomainError, type Result } from '../errors.ts';
import { stringIssue } from '../validate.ts';
import type { NotifyRequest } from './request.ts';

export interface LocalizedText {
  body: string;
  title?: string;
  subtitle?: string;
}

/** The most languages one notification carries. */
export const MAX_LOCALIZED = 50;
const FIELDS = { body: 4096, title: 256, subtitle: 256 } as const;

/** The texts as given, keyed by their tags in canonical form; the error names the field (localized.fr.body). */
export function localizedOf(raw: unknown): Result<Record<string, LocalizedText>> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return invalid('localized', 'localized must be an object of texts by language tag, e.g. {"fr": {"title": "…", "body": "…"}}');
  const entries = Object.entries(raw as Record<string, unknown>);
  if (entries.length > MAX_LOCALIZED) return invalid('localized', `localized holds at most ${MAX_LOCALIZED} languages`);
  const texts: Record<string, LocalizedText> = {};
  for (const [tag, text] of entries) {
    const key = canonicalLocale(tag);
    if (!key) return invalid('localized', `localized: "${tag.slice(0, 40)}" is not a BCP 47 language tag (e.g. "fr", "de-CH")`);
    if (key in texts) return invalid(`localized.${key}`, `localized names ${key} twice (tags are compared in canonical form)`);
    if (typeof text !== 'object' || text === null || Array.isArray(text)) return invalid(`localized.${key}`, `localized.${key} must be an object with body, and title or subtitle if wanted`);
    const unknown = Object.keys(text).find((field) => !(field in FIELDS));
    if (unknown) return invalid(`localized.${key}.${unknown}`, `localized.${key}: ${unknown} is not a localized field (body, title, subtitle)`);
    const value = text as Record<string, unknown>;
    if (value.body === undefined) return invalid(`localized.${key}.body`, `localized.${key}.body is required`);
    const entry: Record<string, string> = {};
    for (const [field, max] of Object.entries(FIELDS)) {
      if (value[field] === undefined) continue;
      const issue = stringIssue(value[field], `localized.${key}.${field}`, { max });
      if (issue) return invalid(`localized.${key}.${field}`, issue);
      entry[field] = value[field] as string;
    }
    texts[key] = entry as unknown as LocalizedText;
  }
  return ok(texts);
}

/**
 * The request as the readers of one language get it: its title, subtitle and body replaced by the language's (one
 * it leaves out is left out), and the APNs message stored for that language (`pushes`) in place of the request's.
 */
export function inLanguage<T extends NotifyRequest & { push?: unknown; pushes?: Record<string, unknown> }>(request: T, key: string | undefined): T {
  const text = key === undefined ? undefined : request.localized?.[key];
  if (!text) return request;
  return { ...request, title: text.title, subtitle: text.subtitle, body: text.body, push: request.pushes?.[key!] };
}

/** The request's languages (undefined: its own text), each variant a device can get. */
export const languagesOf = (request: NotifyRequest): (string | undefined)[] => [undefined, ...Object.keys(request.localized ?? {})];

/** A platform's refusal of one language's message, said of that language (field localized.fr, or localized.fr.body). */
export function inLanguageError(refused: { ok: false; error: DomainError }, key: string): { ok: false; error: DomainError } {
  const { field, message } = refused.error;
  const named = field === 'body' || field === 'title' || field === 'subtitle' ? `localized.${key}.${field}` : `localized.${key}`;
  return { ok: false, error: { ...refused.error, field: named, message: `in ${key}: ${message}` } };
}
