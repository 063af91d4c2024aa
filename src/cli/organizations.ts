import { createOrganization, listOrganizations, regenerateInviteCode, subscriberCount } from '../domain/organizations/service.ts';
import type { Organization } from '../generated/prisma/client.ts';
import { report, type Command } from './main.ts';
import { parseArgs } from 'node:util';

// The CLI is the operator's view, so it shows the invite code (the public API never does).
const view = ({ id, name, slug, description, logoUrl, brandColor, isPublic, inviteCode, createdAt }: Organization, count = 0) => ({
  id, name, slug, description, logoUrl, brandColor, isPublic, inviteCode, subscriberCount: count, createdAt,
});

const create: Command = async (database, args, output) => {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      name: { type: 'string' },
      slug: { type: 'string' },
      private: { type: 'boolean', default: false },
      description: { type: 'string' },
      'logo-url': { type: 'string' },
      'brand-color': { type: 'string' },
    },
  });
  for (const required of ['name', 'slug'] as const) {
    if (values[required] === undefined) {
      output.err(`--${required} is required`);
      return 2;
    }
  }
  const result = await createOrganization(database.prisma, {
    name: values.name!,
    slug: values.slug!,
    description: values.description,
    logoUrl: values['logo-url'],
    brandColor: values['brand-color'],
    isPublic: !values.private,
  });
  return report(output, result, (organization) => view(organization));
};

const list: Command = async (database, _args, output) => {
  const organizations = await listOrganizations(database.prisma);
  output.out(organizations.map((organization) => view(organization, subscriberCount(organization))));
  return 0;
};

const regenerateInvite: Command = async (database, args, output) => {
  const { positionals } = parseArgs({ args, strict: true, allowPositionals: true });
  return report(output, await regenerateInviteCode(database.prisma, positionals[0] ?? ''), (organization) => view(organization));
};

export const organizationCommands: Record<string, Command> = { create, list, 'regenerate-invite': regenerateInvite };
