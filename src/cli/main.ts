// The admin CLI. Uses DATABASE_URL / DATA_DIR exactly like the server, and prints JSON. With the embedded
// default it connects to the running server's PostgreSQL, or starts it for the length of the command.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, loadWorkerConfig, type Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { runningEmbeddedUrl } from '../db/embedded/cluster.ts';
import { openStorage, type Storage } from '../db/storage.ts';
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
  clarion key revoke ID
  clarion db url          the database's connection string, for psql and pg_dump
  clarion db env          the same as PG* variables: eval "$(npx clarion db env)" keeps the password out of argv
  clarion apns check [--token HEX]   try the APNs settings: mint a provider token, connect, send one probe push
  clarion worker          a fan-out worker only (no API): sends broadcast shards from DATABASE_URL's job queue,
                          or the running server's embedded PostgreSQL; stops on SIGTERM`;

export interface Output {
  out(value: unknown): void;
  /** A plain line on stdout, for shell substitution. */
  line(text: string): void;
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

const terminal: Output = { out: (v) => console.log(JSON.stringify(v, null, 2)), line: (text) => console.log(text), err: (m) => console.error(m) };

export async function main(argv: string[], output: Output = terminal) {
  const [group, action, ...rest] = argv;
  const command = group && action ? commands[group]?.[action] : undefined;
  const dbCommand = group === 'db' && (action === 'url' || action === 'env') && !rest.length ? action : undefined;
  const workerCommand = group === 'worker' && !action;
  const apnsCommand = group === 'apns' && action === 'check';
  if (!command && !dbCommand && !workerCommand && !apnsCommand) {
    output.err(USAGE);
    return 2;
  }
  let config: Config;
  try {
    config = workerCommand ? loadWorkerConfig() : loadConfig();
  } catch (error) {
    output.err(error instanceof ConfigError ? error.message : String(error));
    return 1;
  }
  if (dbCommand) return printDatabase(config, dbCommand, output);
  if (apnsCommand) return checkApnsCommand(config, rest, output);
  if (workerCommand) return (await import('./worker.ts')).workerCommand(config, output.err);
  let storage: Storage;
  try {
    storage = await openStorage(config, createLogger('warn'), 'cli');
  } catch (error) {
    output.err((error as Error).message);
    return 1;
  }
  try {
    return await command!(storage.database, rest, output);
  } catch (error) {
    // parseArgs rejects unknown or malformed options with a message worth showing as is.
    output.err(error instanceof TypeError ? `${error.message}\n${USAGE}` : String(error));
    return error instanceof TypeError ? 2 : 1;
  } finally {
    await storage.close();
  }
}

/** DATABASE_URL as given, or the running embedded server's, password included: psql and pg_dump need it. */
async function printDatabase(config: Config, form: 'url' | 'env', output: Output) {
  const url = config.databaseUrl ?? (await runningEmbeddedUrl(config.dataDir));
  if (!url) {
    output.err(`No Clarion server is running on DATA_DIR ${config.dataDir}; its embedded PostgreSQL runs while Clarion does. Start it (npm start) and ask again.`);
    return 1;
  }
  if (form === 'url') {
    output.line(url);
    return 0;
  }
  const { hostname, port, username, password, pathname } = new URL(url);
  const host = hostname.replace(/^\[|\]$/g, ''); // [::1] -> ::1
  const quote = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;
  const variables = { PGHOST: host, PGPORT: port || '5432', PGUSER: decodeURIComponent(username), PGPASSWORD: decodeURIComponent(password), PGDATABASE: decodeURIComponent(pathname.slice(1)) };
  for (const [name, value] of Object.entries(variables)) if (value) output.line(`export ${name}=${quote(value)}`);
  return 0;
}

/** `clarion apns check`: what Apple answers to the configured key, team and topic (exit 1 when it refuses them). */
async function checkApnsCommand(config: Config, args: string[], output: Output) {
  const { values } = parseArgs({ args, strict: true, options: { token: { type: 'string' } } });
  if (values.token !== undefined && !/^[0-9a-fA-F]{64,200}$/.test(values.token)) {
    output.err('--token must be a device token: 64 to 200 hex digits');
    return 2;
  }
  const { checkApns } = await import('../apns/check.ts');
  const report = await checkApns(config, values.token);
  output.out(report);
  return report.ok ? 0 : 1;
}
