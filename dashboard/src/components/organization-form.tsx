// Name, slug, description, logo, brand colour and visibility, with a live preview of how the app shows them.
import { useState, type FormEvent } from 'react';
import type { ApiError } from '../api.ts';
import { ErrorNote, Field, fieldError, LabelledControl, TextArea } from './ui.tsx';

export interface OrganizationFields {
  name: string;
  slug: string;
  description: string;
  logoUrl: string;
  brandColor: string;
  isPublic: boolean;
  /** Shown only when given: an existing organization's setting (Settings → General). */
  subscribeRequiresInviteCode?: boolean;
}

const HEX = /^#[0-9a-fA-F]{6}$/;
export const slugify = (name: string) =>
  name.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 64);

export function OrganizationPreview({ fields }: { fields: Pick<OrganizationFields, 'name' | 'description' | 'logoUrl' | 'brandColor'> }) {
  const colour = HEX.test(fields.brandColor) ? fields.brandColor : '#5B6472';
  return (
    <figure className="org-preview" aria-label="Preview in the app">
      <div className="org-preview-card" style={{ borderColor: colour }}>
        <OrgAvatar name={fields.name} logoUrl={fields.logoUrl} brandColor={colour} size={48} />
        <div>
          <p className="org-preview-name">{fields.name || 'Organization name'}</p>
          <p className="org-preview-description">{fields.description || 'A description tells people what you will send them.'}</p>
        </div>
        <span className="org-preview-button" style={{ background: colour }}>
          Subscribe
        </span>
      </div>
      <figcaption>How the iOS app lists the organization</figcaption>
    </figure>
  );
}

export function OrgAvatar({ name, logoUrl, brandColor, size = 32 }: { name: string; logoUrl?: string | null; brandColor?: string | null; size?: number }) {
  const [broken, setBroken] = useState<string>();
  const style = { width: size, height: size, background: brandColor && HEX.test(brandColor) ? brandColor : '#5B6472' };
  if (logoUrl && broken !== logoUrl && /^https?:\/\//.test(logoUrl)) {
    return <img className="avatar" src={logoUrl} alt="" style={style} onError={() => setBroken(logoUrl)} />;
  }
  return (
    <span className="avatar" style={{ ...style, fontSize: size * 0.45 }} aria-hidden="true">
      {(name.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
}

/** The invite-only setting, with what it protects and what it costs. */
function InviteOnlyToggle({ checked, onChange }: { checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <fieldset className="field">
      <legend>Subscribing</legend>
      <div className="event-choice">
        <input id="invite-only" type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} aria-describedby="invite-only-explained" />
        <label htmlFor="invite-only">Subscribing requires the invite code</label>
        <p className="hint" id="invite-only-explained">
          When on, a device subscribes only if the app sends this organization's invite code with its slug, so someone who guesses or
          learns the slug receives nothing. It costs this: your app must pass the invite code the user was given (<code>inviteCode</code>{' '}
          in POST /v1/devices/{'{deviceUuid}'}/subscriptions); without it, or with a wrong or old code, the answer is the same 404 as for
          an organization that does not exist. Regenerate the invite code to cut off new subscriptions; devices already subscribed stay
          subscribed.
        </p>
      </div>
    </fieldset>
  );
}

export function OrganizationForm({
  initial,
  submitLabel,
  pending,
  error,
  autoSlug = false,
  onSubmit,
}: {
  initial: OrganizationFields;
  submitLabel: string;
  pending: boolean;
  error?: ApiError;
  autoSlug?: boolean;
  onSubmit: (fields: OrganizationFields) => void;
}) {
  const [fields, setFields] = useState(initial);
  const [slugTouched, setSlugTouched] = useState(!autoSlug);
  const set = <K extends keyof OrganizationFields>(key: K, value: OrganizationFields[K]) => setFields((f) => ({ ...f, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(fields);
  };
  return (
    <form className="org-form" onSubmit={submit} noValidate>
      <div className="org-form-fields">
        <Field
          label="Name"
          required
          maxLength={100}
          value={fields.name}
          onChange={(e) => {
            set('name', e.target.value);
            if (!slugTouched) set('slug', slugify(e.target.value));
          }}
          error={fieldError(error, 'name')}
        />
        <Field
          label="Slug"
          required
          maxLength={64}
          value={fields.slug}
          onChange={(e) => {
            setSlugTouched(true);
            set('slug', e.target.value);
          }}
          hint="Lowercase letters, digits and dashes. Apps find public organizations by it: /v1/orgs/{slug}."
          error={fieldError(error, 'slug')}
        />
        <TextArea label="Description" maxLength={1000} rows={3} value={fields.description} onChange={(e) => set('description', e.target.value)} error={fieldError(error, 'description')} />
        <Field label="Logo URL" type="url" inputMode="url" placeholder="https://…" value={fields.logoUrl} onChange={(e) => set('logoUrl', e.target.value)} error={fieldError(error, 'logoUrl')} />
        <LabelledControl
          label="Brand colour"
          error={fieldError(error, 'brandColor')}
          control={(props) => (
            <div className="colour-row">
              <input type="color" aria-label="Pick the brand colour" value={HEX.test(fields.brandColor) ? fields.brandColor : '#5b6472'} onChange={(e) => set('brandColor', e.target.value.toUpperCase())} />
              <input {...props} value={fields.brandColor} placeholder="#1A2B3C" maxLength={7} onChange={(e) => set('brandColor', e.target.value)} />
            </div>
          )}
        />
        <fieldset className="field">
          <legend>Visibility</legend>
          <label className="choice">
            <input type="radio" name="visibility" checked={fields.isPublic} onChange={() => set('isPublic', true)} /> Public: listed in search and found by slug
          </label>
          <label className="choice">
            <input type="radio" name="visibility" checked={!fields.isPublic} onChange={() => set('isPublic', false)} /> Private: found only by its invite code
          </label>
        </fieldset>
        {fields.subscribeRequiresInviteCode !== undefined && (
          <InviteOnlyToggle checked={fields.subscribeRequiresInviteCode} onChange={(on) => set('subscribeRequiresInviteCode', on)} />
        )}
        <ErrorNote error={error} fields={['name', 'slug', 'description', 'logoUrl', 'brandColor']} />
        <button type="submit" disabled={pending}>
          {pending ? 'Saving…' : submitLabel}
        </button>
      </div>
      <OrganizationPreview fields={fields} />
    </form>
  );
}
