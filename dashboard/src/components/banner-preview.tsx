// The composer's previews, one per platform, each approximate: the notification as an iOS lock-screen banner, as
// an Android notification in the shade, and as a browser's desktop notification, with the organization's logo.
// Android and the web show no subtitle (FCM and Web Push carry title and body only), so their previews say so.
import { OrgAvatar } from './organization-form.tsx';

export interface PreviewDraft {
  title: string;
  subtitle: string;
  body: string;
}

export interface PreviewOrganization {
  name: string;
  logoUrl?: string | null;
  brandColor?: string | null;
}

interface PreviewProps {
  draft: PreviewDraft;
  org?: PreviewOrganization;
}

const PLACEHOLDER_BODY = 'Your message appears here.';

export function BannerPreview({ draft, org }: PreviewProps) {
  return (
    <figure className="ios-preview" aria-label="iOS banner preview">
      <div className="ios-screen">
        <div className="ios-banner">
          <OrgAvatar name={org?.name ?? 'C'} logoUrl={org?.logoUrl} brandColor={org?.brandColor} size={38} />
          <div className="ios-text">
            <div className="ios-head">
              <span className="ios-title">{draft.title || org?.name || 'Clarion'}</span>
              <span className="ios-time">now</span>
            </div>
            {draft.subtitle && <div className="ios-subtitle">{draft.subtitle}</div>}
            <div className="ios-body">{draft.body || PLACEHOLDER_BODY}</div>
          </div>
        </div>
      </div>
      <figcaption>Lock-screen banner on iPhone (approximate)</figcaption>
    </figure>
  );
}

/** Android's shade: the app's name in the header; the title only when there is one, as FCM sends none otherwise. */
export function AndroidPreview({ draft, org }: PreviewProps) {
  return (
    <figure className="android-preview" aria-label="Android notification preview">
      <div className="android-screen">
        <div className="android-card">
          <div className="android-head">
            <OrgAvatar name={org?.name ?? 'C'} logoUrl={org?.logoUrl} brandColor={org?.brandColor} size={18} />
            <span className="android-app">{org?.name || 'Clarion'}</span>
            <span aria-hidden="true">·</span>
            <span>now</span>
          </div>
          {draft.title && <div className="android-title">{draft.title}</div>}
          <div className="android-body">{draft.body || PLACEHOLDER_BODY}</div>
        </div>
      </div>
      <figcaption>
        Notification on Android (approximate){draft.subtitle ? '; the subtitle is not shown on Android' : ''}
      </figcaption>
    </figure>
  );
}

/**
 * A desktop browser's notification. The web app's service worker shows it, under the web app's own address,
 * which Clarion does not know: the organization's name stands in for it.
 */
export function BrowserPreview({ draft, org }: PreviewProps) {
  return (
    <figure className="web-preview" aria-label="Browser notification preview">
      <div className="web-screen">
        <div className="web-card">
          <OrgAvatar name={org?.name ?? 'C'} logoUrl={org?.logoUrl} brandColor={org?.brandColor} size={44} />
          <div className="web-text">
            <div className="web-title">{draft.title || org?.name || 'Clarion'}</div>
            <div className="web-origin">{org?.name || 'your site'}</div>
            <div className="web-body">{draft.body || PLACEHOLDER_BODY}</div>
          </div>
        </div>
      </div>
      <figcaption>
        Browser notification on a desktop (approximate): the browser names your web app&rsquo;s site where the organization&rsquo;s name is
        {draft.subtitle ? '; the subtitle is not shown' : ''}
      </figcaption>
    </figure>
  );
}
