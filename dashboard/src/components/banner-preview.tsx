// The composer's preview: the notification as an iOS lock-screen banner, with the organization's logo.
import { OrgAvatar } from './organization-form.tsx';

export function BannerPreview({ draft, org }: { draft: { title: string; subtitle: string; body: string }; org?: { name: string; logoUrl?: string | null; brandColor?: string | null } }) {
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
            <div className="ios-body">{draft.body || 'Your message appears here.'}</div>
          </div>
        </div>
      </div>
      <figcaption>Lock-screen banner on iPhone (approximate)</figcaption>
    </figure>
  );
}
