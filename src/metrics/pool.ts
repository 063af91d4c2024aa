// The PostgreSQL pool of each process, read at scrape time (the scrape sums the processes): connections open,
// idle (in use = open - idle), and queries waiting for a connection.
import { Gauge } from 'prom-client';
import { registry } from './registry.ts';

export interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

const pools = new Set<PoolCounts>();
const sum = (read: (pool: PoolCounts) => number) => [...pools].reduce((total, pool) => total + read(pool), 0);

new Gauge({ name: 'clarion_db_pool_connections', help: 'PostgreSQL connections open in the pools', registers: [registry], collect() { this.set(sum((pool) => pool.totalCount)); } });
new Gauge({ name: 'clarion_db_pool_idle_connections', help: 'PostgreSQL connections open and idle in the pools', registers: [registry], collect() { this.set(sum((pool) => pool.idleCount)); } });
new Gauge({ name: 'clarion_db_pool_waiting_queries', help: 'Queries waiting for a PostgreSQL connection of the pools', registers: [registry], collect() { this.set(sum((pool) => pool.waitingCount)); } });

/** Reports a pool in the gauges, which sum every pool a process has (Prisma's and plain SQL's, and the prepared statements'). */
export const watchPool = (pool: PoolCounts) => void pools.add(pool);
