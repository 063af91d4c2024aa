// The composer's languages: the notification's text in other languages, one group per language tag, sent as
// POST /v1/notify's `localized`. Each device gets the closest match of its locale (fr-CA gets fr), else the text above.
// A language's text replaces the whole text: a title or subtitle left empty here is left out for its readers.
import { ApiError } from '../api.ts';
import type { PreviewLanguage } from './preview-tabs.tsx';
import { Field, fieldError, TextArea } from './ui.tsx';

export interface LanguageText {
  /** Stable while the tag is typed: React's key, and which one the preview shows. */
  key: string;
  tag: string;
  title: string;
  subtitle: string;
  body: string;
}

/** As the server counts them (src/domain/broadcasts/localized.ts). */
export const MAX_LANGUAGES = 50;

export const newLanguage = (): LanguageText => ({ key: crypto.randomUUID(), tag: '', title: '', subtitle: '', body: '' });

/** The tag in the canonical form the server keys texts by ("fr-ca" -> "fr-CA"); undefined when it is not BCP 47. */
export function canonicalTag(tag: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(tag.trim())[0];
  } catch {
    return undefined;
  }
}

const displayNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
/** "French (Canada)" for fr-CA; undefined for a tag Intl has no name for. */
export const languageName = (tag: string) => {
  const canonical = canonicalTag(tag);
  return canonical ? displayNames.of(canonical) : undefined;
};

const tagField = (language: LanguageText) => `language.${language.key}.tag`;

/** The server's fields for a language's title, subtitle and body (localized.fr.body), and this form's for its tag. */
export function languageFields(languages: LanguageText[]) {
  return languages.flatMap((language) => {
    const canonical = canonicalTag(language.tag);
    return [tagField(language), ...(canonical ? [`localized.${canonical}`, ...['title', 'subtitle', 'body'].map((field) => `localized.${canonical}.${field}`)] : [])];
  });
}

/** The languages as `localized`; a problem the form can see is thrown as the error of the field it is about. */
export function localizedOf(languages: LanguageText[]): Record<string, { title?: string; subtitle?: string; body: string }> {
  const localized: Record<string, { title?: string; subtitle?: string; body: string }> = {};
  for (const language of languages) {
    const canonical = canonicalTag(language.tag);
    if (!language.tag.trim() || !canonical) throw new ApiError('Enter a BCP 47 language tag, e.g. “fr”, “de-CH” or “pt-BR”.', 'VALIDATION_FAILED', tagField(language));
    if (canonical in localized) throw new ApiError(`${canonical} is already above.`, 'VALIDATION_FAILED', tagField(language));
    if (!language.body.trim()) throw new ApiError(`Write the body in ${canonical}.`, 'VALIDATION_FAILED', `localized.${canonical}.body`);
    localized[canonical] = { body: language.body };
    if (language.title.trim()) localized[canonical].title = language.title.trim();
    if (language.subtitle.trim()) localized[canonical].subtitle = language.subtitle.trim();
  }
  return localized;
}

/** The languages as the preview's switcher lists them: "fr — French", or "Language 2" while it has no tag. */
export const previewLanguages = (languages: LanguageText[]): PreviewLanguage[] =>
  languages.map(({ key, tag, title, subtitle, body }, index) => {
    const canonical = tag.trim() ? canonicalTag(tag) : undefined;
    const name = canonical && languageName(canonical);
    return { key, name: canonical ? (name ? `${canonical} — ${name}` : canonical) : `Language ${index + 1}`, text: { title, subtitle, body } };
  });

export function LanguageTexts({ languages, error, onChange, onShow }: { languages: LanguageText[]; error?: ApiError; onChange: (languages: LanguageText[]) => void; onShow: (key: string) => void }) {
  const change = (key: string, field: keyof Omit<LanguageText, 'key'>, value: string) => onChange(languages.map((l) => (l.key === key ? { ...l, [field]: value } : l)));
  const add = () => {
    const language = newLanguage();
    onChange([...languages, language]);
    onShow(language.key);
  };
  return (
    <fieldset className="field languages">
      <legend>Languages</legend>
      <p className="hint">
        The text above goes to devices whose language matches none of these. A device in fr-CA gets fr when there is no fr-CA; a title or subtitle left empty here is not shown to
        that language&rsquo;s readers.
      </p>
      {fieldError(error, 'localized') && <p className="field-error">{error!.message}</p>}
      {languages.map((language, index) => {
        const canonical = canonicalTag(language.tag) ?? '';
        const named = (field: string) => fieldError(error, `localized.${canonical}.${field}`);
        return (
          // Working on a language shows it in the preview.
          <fieldset key={language.key} className="language" onFocus={() => onShow(language.key)}>
            <legend>Language {index + 1}</legend>
            <Field
              label="Language tag"
              value={language.tag}
              placeholder="fr"
              maxLength={35}
              onChange={(e) => change(language.key, 'tag', e.target.value)}
              hint={languageName(language.tag) ?? 'BCP 47, e.g. fr, de-CH, pt-BR.'}
              error={fieldError(error, tagField(language)) ?? fieldError(error, `localized.${canonical}`)}
            />
            <Field label="Translated title" maxLength={256} value={language.title} onChange={(e) => change(language.key, 'title', e.target.value)} error={named('title')} />
            <Field label="Translated subtitle" maxLength={256} value={language.subtitle} onChange={(e) => change(language.key, 'subtitle', e.target.value)} error={named('subtitle')} />
            <TextArea label="Translated body" rows={3} maxLength={4096} value={language.body} onChange={(e) => change(language.key, 'body', e.target.value)} error={named('body')} />
            <button type="button" className="secondary small" onClick={() => onChange(languages.filter((l) => l.key !== language.key))}>
              Remove language {index + 1}
            </button>
          </fieldset>
        );
      })}
      <button type="button" className="secondary" onClick={add} disabled={languages.length >= MAX_LANGUAGES}>
        Add a language
      </button>
    </fieldset>
  );
}
