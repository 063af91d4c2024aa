import { describe, expect, it } from 'vitest';
import { canonicalLocale, createLocaleMatcher, lookupChain } from './locale.ts';

describe('locales (BCP 47)', () => {
  it('keeps well-formed tags in canonical form and refuses the rest', () => {
    expect(canonicalLocale('fr-ca')).toBe('fr-CA');
    expect(canonicalLocale('ZH-hant-tw')).toBe('zh-Hant-TW');
    expect(canonicalLocale('de-CH-1996')).toBe('de-CH-1996');
    for (const bad of ['', 'english please', 'fr_CA', 'x'.repeat(36), 42, null, 'a-b-c-d', 'fr--CA']) expect(canonicalLocale(bad), String(bad)).toBeNull();
  });

  it('looks up as RFC 4647 section 3.4 says: cut the last subtag, and a single letter with the one after it', () => {
    expect(lookupChain('de-CH-1996')).toEqual(['de-ch-1996', 'de-ch', 'de']);
    expect(lookupChain('zh-Hant-CN-x-private1')).toEqual(['zh-hant-cn-x-private1', 'zh-hant-cn', 'zh-hant', 'zh']);
    expect(lookupChain('en')).toEqual(['en']);
  });

  it('matches a device\'s locale to the closest text: exact, then shorter, else none', () => {
    const match = createLocaleMatcher(['fr', 'de-CH', 'pt-BR']);
    expect(match('de-CH')).toBe('de-CH');
    expect(match('de-ch-1996')).toBe('de-CH');
    expect(match('fr-CA')).toBe('fr');
    expect(match('de')).toBeUndefined();
    expect(match('pt')).toBeUndefined();
    expect(match('ja')).toBeUndefined();
    expect(match(null)).toBeUndefined();
    expect(createLocaleMatcher([])('fr')).toBeUndefined();
  });
});
