import { parseArgs } from 'node:util';
import { createApiKey, listApiKeys, revokeApiKey } from '../domain/api-keys/service.ts';
import type { Command } from './main.ts';

const create: Command = async (database, args, output) => {
  const { values } = parseArgs({ args, strict: true, options: { org: { type: 'string' }, kind: { type: 'string' }, name: { type: 'string' } } });
  if (!values.org || !values.kind) {
    output.err('--org and --kind are required');
    return 2;
  }
  const result = await createApiKey(database.prisma, { orgSlug: values.org, kind: values.kind, name: values.name });
  if (!result.ok) {
    output.err(result.error.message);
    return 1;
  }
  // The only time the key is shown: only its SHA-256 is kept.
  output.out({ key: result.value.key, ...result.value.apiKey, warning: 'Store this key now: Clarion keeps only its hash and cannot show it again.' });
  return 0;
};

const list: Command = async (database, args, output) => {
  const { values } = parseArgs({ args, strict: true, options: { org: { type: 'string' } } });
  if (!values.org) {
    output.err('--org is required');
    return 2;
  }
  const result = await listApiKeys(database.prisma, values.org);
  if (!result.ok) {
    output.err(result.error.message);
    return 1;
  }
  output.out(result.value);
  return 0;
};

const revoke: Command = async (database, args, output) => {
  const { positionals } = parseArgs({ args, strict: true, allowPositionals: true });
  const result = await revokeApiKey(database.prisma, positionals[0] ?? '');
  if (!result.ok) {
    output.err(result.error.message);
    return 1;
  }
  output.out(result.value);
  return 0;
};

export const apiKeyCommands: Record<string, Command> = { create, list, revoke };
