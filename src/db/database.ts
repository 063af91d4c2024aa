// Opens the one database Clarion uses: a PostgreSQL server, either the operator's (DATABASE_URL) or the
// embedded one in DATA_DIR (src/db/embedded), reached through the same Prisma client and pool.
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client.ts';
import type { Logger } from '../logger.ts';
import { migrateDatabase } from './migrate.ts';
import { openSqlDatabase, type DatabaseOptions, type SqlDatabase } from './pool.ts';

export type { DatabaseOptions, SqlDatabase };
export { migrateDatabase };

export type Db = PrismaClient;

export interface Database extends SqlDatabase {
  prisma: PrismaClient;
}

export async function openDatabase({ url, poolSize = 10, idleMs, logger }: DatabaseOptions): Promise<Database> {
  await migrateDatabase(url, logger);
  const sqlDatabase = openSqlDatabase({ url, poolSize, idleMs, logger });
  const prisma = new PrismaClient({ adapter: new PrismaPg(sqlDatabase.pool) });
  let closing: Promise<void> | undefined;
  return {
    ...sqlDatabase,
    prisma,
    // Once: closing again (a stop that follows a failure's) waits for the same close rather than failing on a pool
    // already ended.
    close: () =>
      (closing ??= (async () => {
        await prisma.$disconnect();
        await sqlDatabase.close();
      })()),
  };
}

