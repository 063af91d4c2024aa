// A database made on a PostgreSQL server for one job and dropped after it: a test file's, a schema diff's.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** `serverUrl` must be allowed to create databases; the new one is named `<prefix>_<random>`. */
export async function throwawayDatabase(serverUrl: string, prefix: string) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
