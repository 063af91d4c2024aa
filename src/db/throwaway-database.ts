// A database made on a PostgreSQL server for one job and dropped after it: a test file's, a schema diff's.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** `serverUrl` must be allowed to create databases; the new one is named `<prefix>_<random>`. */
export async function throwawayDatabase(serverUrl: string, prefix: string) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, (client) => client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: (): Promise<void> => onServer(serverUrl, (client) => dropDatabase(client, name)) };
}

/** The databases `throwawayDatabase(serverUrl, prefix)` made that are still there, dropped now; returns their names. */
export function dropLeftBehind(serverUrl: string, prefix: string) {
  return onServer(serverUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE starts_with(datname, $1) ORDER BY datname`, [`${prefix}_`]);
    for (const { datname } of rows) await dropDatabase(client, datname);
    return rows.map((row) => row.datname);
  });
}

async function dropDatabase(client: pg.Client, name: string) {
  await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
}

async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  return work(client).finally(() => client.end());
}
