/**
 * Plain parameterised SQL on the same connections Prisma uses. The hot multi-row writes (device
 * registration, subscriptions) go through it: Prisma's $queryRaw path cost about a third of the
 * throughput of POST /v1/devices in bench/rest, for the very same statement.
 */
export interface SqlClient {
  query<Row>(text: string, params?: unknown[]): Promise<Row[]>;
}
