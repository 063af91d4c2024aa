// The composer's previews as tabs, one per platform (WAI-ARIA tabs: the arrow keys, Home and End move between
// them, Tab goes on into the shown preview). iOS is shown first, as it was before the other platforms. With texts in
// other languages, a switcher above the tabs picks whose text they show.
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { AndroidPreview, BannerPreview, BrowserPreview, type PreviewDraft, type PreviewOrganization } from './banner-preview.tsx';
import { Select } from './ui.tsx';

/** A language the notification has a text in: `key` picks it, `name` is what the switcher says. */
export interface PreviewLanguage {
  key: string;
  name: string;
  text: PreviewDraft;
}

/** The switcher's value for the notification's own text. */
export const OWN_TEXT = '';

const TABS = [
  { key: 'ios', label: 'iOS', Preview: BannerPreview },
  { key: 'android', label: 'Android', Preview: AndroidPreview },
  { key: 'web', label: 'Browser', Preview: BrowserPreview },
] as const;

type TabKey = (typeof TABS)[number]['key'];

/** Which tab a key moves to from `index`; undefined for keys the tab list leaves alone. */
function movedTo(key: string, index: number): number | undefined {
  if (key === 'ArrowRight' || key === 'ArrowDown') return (index + 1) % TABS.length;
  if (key === 'ArrowLeft' || key === 'ArrowUp') return (index - 1 + TABS.length) % TABS.length;
  if (key === 'Home') return 0;
  if (key === 'End') return TABS.length - 1;
  return undefined;
}

export function PreviewTabs({
  draft,
  org,
  languages = [],
  language = OWN_TEXT,
  onLanguage,
}: {
  draft: PreviewDraft;
  org?: PreviewOrganization;
  languages?: PreviewLanguage[];
  /** The key of the language shown; OWN_TEXT (or one no longer there) shows the notification's own text. */
  language?: string;
  onLanguage?: (key: string) => void;
}) {
  const [current, setCurrent] = useState<TabKey>('ios');
  const shown = languages.find((l) => l.key === language);
  const text = shown?.text ?? draft;
  const id = useId();
  const tabs = useRef(new Map<TabKey, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent) => {
    const next = movedTo(event.key, TABS.findIndex((tab) => tab.key === current));
    if (next === undefined) return;
    event.preventDefault();
    const { key } = TABS[next]!;
    setCurrent(key);
    tabs.current.get(key)?.focus();
  };
  return (
    <div className="previews">
      {languages.length > 0 && (
        <Select label="Preview language" value={shown?.key ?? OWN_TEXT} onChange={(e) => onLanguage?.(e.target.value)}>
          <option value={OWN_TEXT}>Default text (no matching language)</option>
          {languages.map(({ key, name }) => (
            <option key={key} value={key}>
              {name}
            </option>
          ))}
        </Select>
      )}
      <div role="tablist" aria-label="Preview on" className="preview-tabs" onKeyDown={onKeyDown}>
        {TABS.map(({ key, label }) => (
          <button
            key={key}
            ref={(element) => void (element ? tabs.current.set(key, element) : tabs.current.delete(key))}
            type="button"
            role="tab"
            id={`${id}-${key}-tab`}
            aria-selected={key === current}
            aria-controls={`${id}-${key}`}
            tabIndex={key === current ? 0 : -1}
            onClick={() => setCurrent(key)}
          >
            {label}
          </button>
        ))}
      </div>
      {TABS.map(({ key, Preview }) => (
        <div key={key} role="tabpanel" id={`${id}-${key}`} aria-labelledby={`${id}-${key}-tab`} hidden={key !== current} tabIndex={0}>
          <Preview draft={text} org={org} />
        </div>
      ))}
    </div>
  );
}
