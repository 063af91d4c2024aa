// The admin CLI. Uses DATABASE_URL / DATA_DIR exactly like the server, and prints JSON.
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/database.ts';
import type { Result } from '../domain/errors.ts';
import { createLogger } from '../logger.ts';
import { apiKeyCommands } from './api-keys.ts';
import { organizationCommands } from './organizations.ts';

const USAGE = `usage:
  clarion org create --name NAME --slug SLUG [--private] [--description TEXT] [--logo-url URL] [--brand-color #RRGGBB]
  clarion org list
  clarion org regenerate-invite SLUG
  clarion key create --org SLUG --kind live|test [--name NAME]
  clarion key list --org SLUG
  clarion key revoke ID`;

export interface Output {
  out(value: unknown): void;
  err(message: string): void;
}

export type Command = (database: Database, args: string[], output: Output) => Promise<number>;

/** Prints a domain result (shaped by `show`) or its error, and gives the exit code. */
export function report<T>(output: Output, result: Result<T>, show: (value: T) => unknown = (value) => value) {
  if (!result.ok) {
    output.err(result.error.message);
    return 1;
  }
  output.out(show(result.value));
  return 0;
}

const commands: Record<string, Record<string, Command>> = { org: organizationCommands, key: apiKeyCommands };

export async function main(argv: string[], output: Output = { out: (v) => console.log(JSON.stringify(v, null, 2)), err: (m) => console.error(m) }) {
  const [group, action, ...rest] = argv;
  const command = group && action ? commands[group]?.[action] : undefined;
  if (!command) {
    output.err(USAGE);
    return 2;
  }
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    output.err(error instanceof ConfigError ? error.message : String(error));
    return 1;
  }
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, logger: createLogger('warn') });
  } catch (error) {
    output.err((error as Error).message);
    return 1;
  }
  try {
    return await command(database, rest, output);
  } catch (error) {
    // parseArgs rejects unknown or malformed options with a message worth showing as is.
    output.err(error instanceof TypeError ? `${error.message}\n${USAGE}` : String(error));
    return error instanceof TypeError ? 2 : 1;
  } finally {
    await database.close();
  }
}
