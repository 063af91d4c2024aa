// Languages as BCP 47 tags (RFC 5646), in the canonical form Intl gives them (fr-ca -> fr-CA), and the lookup of
// RFC 4647 section 3.4 that matches a device's tag to the texts a broadcast has: the tag, then the tag with its last
// subtag cut, and so on (de-CH-1996 -> de-CH -> de), a single-letter subtag cut with the one after it.

/** The longest tag kept: RFC 5646 section 4.4.1's minimum buffer. */
export const MAX_LOCALE_LENGTH = 35;

/** The tag in canonical form, or null when it is not a well-formed BCP 47 language tag. */
export function canonicalLocale(tag: unknown): string | null {
  if (typeof tag !== 'string' || tag.length === 0 || tag.length > MAX_LOCALE_LENGTH) return null;
  try {
    const [canonical] = Intl.getCanonicalLocales(tag);
    return canonical && canonical.length <= MAX_LOCALE_LENGTH ? canonical : null;
  } catch {
    return null;
  }
}

/** The tags a lookup tries for `tag`, most specific first, in lower case. */
export function lookupChain(tag: string): string[] {
  const chain: string[] = [];
  const subtags = tag.toLowerCase().split('-');
  while (subtags.length) {
    chain.push(subtags.join('-'));
    subtags.pop();
    if (subtags.length && subtags[subtags.length - 1]!.length === 1) subtags.pop();
  }
  return chain;
}

/**
 * Picks, among a broadcast's localized texts (`keys`), the one for a device's locale; undefined: none matches, the
 * request's own text goes. A lookup per distinct locale, remembered: a broadcast's devices share few locales.
 */
export function createLocaleMatcher(keys: string[]) {
  const byLower = new Map(keys.map((key) => [key.toLowerCase(), key]));
  const memo = new Map<string, string | undefined>();
  return (locale: string | null | undefined): string | undefined => {
    if (!locale || !byLower.size) return undefined;
    if (memo.has(locale)) return memo.get(locale);
    const match = lookupChain(locale).map((tag) => byLower.get(tag)).find((key) => key !== undefined);
    memo.set(locale, match);
    return match;
  };
}
