// What a valid organization looks like. Used when creating and editing, by the CLI and the dashboard.
import { invalid, ok, type Result } from '../errors.ts';
import { stringIssue } from '../validate.ts';

export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;
// "invite" would collide with GET /v1/orgs/invite/{inviteCode}.
const RESERVED_SLUGS = new Set(['invite']);

export interface OrganizationInput {
  name: string;
  slug: string;
  description?: string;
  logoUrl?: string | null;
  brandColor?: string | null;
  isPublic?: boolean;
  /** Subscribing needs the current invite code (see ../subscriptions/statement.ts), whatever the visibility. */
  subscribeRequiresInviteCode?: boolean;
}

export type ValidOrganization = Required<Pick<OrganizationInput, 'name' | 'slug' | 'description' | 'isPublic' | 'subscribeRequiresInviteCode'>> &
  Pick<OrganizationInput, 'logoUrl' | 'brandColor'>;

export function slugIssue(slug: unknown) {
  if (typeof slug !== 'string') return 'slug must be a string';
  if (!SLUG_PATTERN.test(slug)) return 'slug must be 1 to 64 lowercase letters, digits or dashes, not starting or ending with a dash';
  if (RESERVED_SLUGS.has(slug)) return `slug "${slug}" is reserved`;
  return undefined;
}

function logoUrlIssue(value: string) {
  if (value.length > 2048) return 'logoUrl must be at most 2048 characters';
  try {
    const { protocol } = new URL(value);
    if (protocol === 'https:' || protocol === 'http:') return undefined;
  } catch {
    // falls through
  }
  return 'logoUrl must be an http or https URL';
}

export function validateOrganization(input: OrganizationInput): Result<ValidOrganization> {
  const name = typeof input.name === 'string' ? input.name.trim() : input.name;
  const nameIssue = stringIssue(name, 'name', { max: 100 });
  if (nameIssue) return invalid('name', nameIssue);
  const slugProblem = slugIssue(input.slug);
  if (slugProblem) return invalid('slug', slugProblem);
  const description = input.description ?? '';
  const descriptionIssue = stringIssue(description, 'description', { min: 0, max: 1000 });
  if (descriptionIssue) return invalid('description', descriptionIssue);
  const logoUrl = input.logoUrl || null;
  const logoIssue = logoUrl === null ? undefined : logoUrlIssue(logoUrl);
  if (logoIssue) return invalid('logoUrl', logoIssue);
  const brandColor = input.brandColor ? input.brandColor.toUpperCase() : null;
  if (brandColor !== null && !/^#[0-9A-F]{6}$/.test(brandColor)) return invalid('brandColor', 'brandColor must be a hex colour like #1A2B3C');
  const subscribeRequiresInviteCode = input.subscribeRequiresInviteCode ?? false;
  return ok({ name: name as string, slug: input.slug, description, logoUrl, brandColor, isPublic: input.isPublic ?? true, subscribeRequiresInviteCode });
}
