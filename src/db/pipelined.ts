// One PostgreSQL connection that takes statements pipelined (pg's pipeline mode): each is written at once, behind those
// still running, and PostgreSQL runs them one after another, each in a transaction of its own (Parse, Bind, Execute
// and Sync per statement), so one that fails leaves the others alone. The intake's prepared statements share it
// (./pool.ts): a registration batch and a subscription batch wait on one backend that goes from one to the next
// without waiting for Clarion to read the answer and send again, instead of waking two backends a batch each
// (bench/README.md, "One connection for the intake's statements").
import pg from 'pg';
import type { PoolCounts } from '../metrics/pool.ts';

export interface PipelinedConnection extends PoolCounts {
  query(config: pg.QueryConfig): Promise<pg.QueryResult>;
  /** Closes the connection once what runs on it has been answered; statements sent afterwards are refused. */
  end(): Promise<void>;
}

export interface PipelinedOptions {
  /** The connection closes after this long with nothing running on it, and opens again for the next statement. */
  idleMs: number;
  /** The connection failed (the statements on it are rejected); the next statement opens another. */
  onError(error: Error): void;
}

export function pipelinedConnection(config: pg.ClientConfig, { idleMs, onError }: PipelinedOptions): PipelinedConnection {
  let client: pg.Client | undefined;
  let running = 0;
  let idle: NodeJS.Timeout | undefined;
  let ended = false;

  function open(): pg.Client {
    const made = new pg.Client({ ...config, pipeline: true } as pg.ClientConfig);
    // pg rejects every statement sent or queued on a connection that fails, closes or cannot be opened.
    const forget = () => void (client === made && (client = undefined));
    made.on('error', (error) => (forget(), onError(error)));
    made.on('end', forget);
    made.connect().catch(forget);
    return made;
  }

  function settled() {
    running -= 1;
    if (running > 0 || !client) return;
    idle = setTimeout(() => {
      const unused = client;
      client = undefined;
      void unused?.end().catch(() => {});
    }, idleMs);
    idle.unref();
  }

  return {
    query(statement) {
      if (ended) return Promise.reject(new Error('the database connection is closed'));
      clearTimeout(idle);
      client ??= open();
      running += 1;
      const answer = client.query(statement);
      answer.then(settled, settled);
      return answer;
    },
    async end() {
      ended = true;
      clearTimeout(idle);
      const last = client;
      client = undefined;
      // pg waits for the statements on the wire before it says goodbye.
      await last?.end();
    },
    get totalCount() {
      return client ? 1 : 0;
    },
    get idleCount() {
      return client && running === 0 ? 1 : 0;
    },
    /** Nothing waits for the connection: a statement is written behind the others at once. */
    waitingCount: 0,
  };
}
