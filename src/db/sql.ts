/**
 * Plain parameterised SQL, on the connections Prisma uses (prepared statements on their own: ./pool.ts). The hot
 * multi-row writes (device registration, subscriptions) go through it: Prisma's $queryRaw path cost about a third of
 * the throughput of POST /v1/devices in bench/rest, for the very same statement.
 */
export interface SqlClient {
  query<Row>(text: string, params?: unknown[], options?: QueryOptions): Promise<Row[]>;
}

export interface QueryOptions {
  /**
   * Prepared once per connection and run by name after that: PostgreSQL parses it once per connection instead of
   * per call. Outside a transaction it runs on the prepared statements' own connections, planned once per connection
   * and by index only (./pool.ts, PREPARED_PLANS); in a transaction, on the transaction's connection, planned as
   * PostgreSQL chooses. For the hot statements whose text never changes and which look every row up by a key.
   */
  prepare?: boolean;
  /**
   * Prepared once per connection and run by name, on whichever connection of the main pool (or the transaction's)
   * runs it, planned as PostgreSQL chooses (plan_cache_mode auto: a plan for the parameters the first five times, then
   * one generic plan if it costs no more). For the fan-out's fixed statements, which look their rows up by key and
   * cost PostgreSQL more to plan than to run (bench/README.md); not for statements whose best plan depends on their
   * parameters (a page of recipients, a count of them).
   */
  named?: boolean;
}

/** A transaction's connection: plain SQL, and pg-boss's executor so jobs are sent in the same transaction. */
export interface SqlTransaction extends SqlClient {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
}
