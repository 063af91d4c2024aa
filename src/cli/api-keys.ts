import { parseArgs } from 'node:util';
import { createApiKey, listApiKeys, revokeApiKey } from '../domain/api-keys/service.ts';
import { report, type Command } from './main.ts';

const create: Command = async (database, args, output) => {
  const { values } = parseArgs({ args, strict: true, options: { org: { type: 'string' }, kind: { type: 'string' }, name: { type: 'string' } } });
  if (!values.org || !values.kind) {
    output.err('--org and --kind are required');
    return 2;
  }
  const result = await createApiKey(database.prisma, { orgSlug: values.org, kind: values.kind, name: values.name });
  // The only time the key is shown: only its SHA-256 is kept.
  return report(output, result, ({ key, apiKey }) => ({ key, ...apiKey, warning: 'Store this key now: Clarion keeps only its hash and cannot show it again.' }));
};

const list: Command = async (database, args, output) => {
  const { values } = parseArgs({ args, strict: true, options: { org: { type: 'string' } } });
  if (!values.org) {
    output.err('--org is required');
    return 2;
  }
  return report(output, await listApiKeys(database.prisma, values.org));
};

const revoke: Command = async (database, args, output) => {
  const { positionals } = parseArgs({ args, strict: true, allowPositionals: true });
  return report(output, await revokeApiKey(database.prisma, positionals[0] ?? ''));
};

export const apiKeyCommands: Record<string, Command> = { create, list, revoke };
