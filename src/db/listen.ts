// Waiting for a PostgreSQL NOTIFY on one channel, by payload: a request that waits for its broadcast to end is
// woken when the transaction that ended it commits, whichever process or instance that was, instead of at its
// next poll. One connection, opened when the first waiter comes and closed when the last has gone for a while,
// so an idle server holds none. A wait is never the only way out: callers still poll, less often, because a
// notification can be missed (the connection dropped, LISTEN not yet in place, a pooler that does not pass
// notifications on) and then the poll finds what it missed.
import pg from 'pg';
import type { Logger } from '../logger.ts';

export interface Listener {
  /**
   * Starts watching `key` (a payload). `ready` settles when LISTEN is in place (true) or could not be (false):
   * a change committed after that is seen. `next(ms)` resolves true on a notification for the key, false after
   * `ms`. `stop()` ends the watch.
   */
  watch(key: string): { ready: Promise<boolean>; next(ms: number): Promise<boolean>; stop(): void };
  close(): Promise<void>;
}

export interface ListenerOptions {
  url: string;
  channel: string;
  logger: Logger;
  /** How long the connection stays open after its last waiter has gone. */
  lingerMs?: number;
}

export function createListener({ url, channel, logger, lingerMs = 5_000 }: ListenerOptions): Listener {
  /** Per key, the wakers of its watches' pending waits. */
  const waiting = new Map<string, Set<() => void>>();
  let watches = 0;
  let client: pg.Client | undefined;
  let listening: Promise<boolean> | undefined;
  let linger: NodeJS.Timeout | undefined;
  let closed = false;

  function connect(): Promise<boolean> {
    const connection = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000, application_name: 'clarion notifications' });
    client = connection;
    connection.on('notification', ({ payload }) => {
      for (const wake of waiting.get(payload ?? '') ?? []) wake();
    });
    connection.on('error', (error) => {
      logger.warn('PostgreSQL notifications connection failed; waits fall back to polling', { error: error.message });
      drop(connection);
    });
    connection.on('end', () => drop(connection));
    return connection
      .connect()
      .then(() => connection.query(`LISTEN ${pg.escapeIdentifier(channel)}`))
      .then(
        () => client === connection,
        (error: Error) => {
          logger.warn('cannot LISTEN for PostgreSQL notifications; waits fall back to polling', { error: error.message });
          drop(connection);
          return false;
        },
      );
  }

  /** The connection is gone: its waits are woken (their callers look for themselves) and the next watch reconnects. */
  function drop(connection: pg.Client) {
    if (client !== connection) return;
    client = undefined;
    listening = undefined;
    connection.end().catch(() => {});
    for (const wakers of waiting.values()) for (const wake of wakers) wake();
  }

  function release() {
    watches -= 1;
    if (watches > 0 || !client) return;
    clearTimeout(linger);
    linger = setTimeout(() => {
      if (watches === 0 && client) drop(client);
    }, lingerMs);
    linger.unref();
  }

  return {
    watch(key) {
      watches += 1;
      clearTimeout(linger);
      if (!closed && !listening) listening = connect();
      const ready = closed ? Promise.resolve(false) : listening!;
      let stopped = false;
      return {
        ready,
        next(ms) {
          if (stopped) return Promise.resolve(false);
          return new Promise<boolean>((resolve) => {
            let wakers = waiting.get(key);
            if (!wakers) waiting.set(key, (wakers = new Set()));
            const done = (notified: boolean) => {
              clearTimeout(timer);
              wakers!.delete(wake);
              if (!wakers!.size) waiting.delete(key);
              resolve(notified);
            };
            const wake = () => done(true);
            const timer = setTimeout(() => done(false), ms);
            wakers.add(wake);
          });
        },
        stop() {
          if (stopped) return;
          stopped = true;
          release();
        },
      };
    },
    async close() {
      closed = true;
      clearTimeout(linger);
      if (client) drop(client);
    },
  };
}
