import type { Db } from '../db/database.ts';

/** What every resolver receives. Built per request by the yoga app (src/http/app.ts). */
export interface Context {
  db: Db;
  /** The caller's address as the rate limits see it (see src/http/client-ip.ts). */
  clientIp: string;
}
