// Waiting for a PostgreSQL NOTIFY on one channel, by payload: a request that waits for its broadcast to end is
// woken when the transaction that ended it commits, whichever process or instance that was, instead of at its
// next poll. One connection, opened when the first waiter comes and closed when the last has gone for a while,
// so an idle server holds none. A wait is never the only way out: callers still poll, less often, because a
// notification can be missed (the connection dropped, a pooler that does not pass notifications on) and then the
// poll finds what it missed.
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import type { Logger } from '../logger.ts';

export interface Watch {
  /** Settles when LISTEN is in place (true) or could not be (false): a notification after that is seen. */
  ready: Promise<boolean>;
  /**
   * True at once if a notification for the key came since the last call (or since the watch began), else when one
   * comes; false after `ms`. A dropped connection counts as a notification: the caller should look for itself.
   */
  next(ms: number): Promise<boolean>;
  stop(): void;
}

export interface Listener {
  watch(key: string): Watch;
  close(): Promise<void>;
}

export interface ListenerOptions {
  url: string;
  channel: string;
  logger: Logger;
  /** How long the connection stays open after its last watch has stopped. */
  lingerMs?: number;
  /** After a connection that failed, how long watches go without one before the next attempt. */
  retryMs?: number;
}

export function createListener({ url, channel, logger, lingerMs = 5_000, retryMs = 5_000 }: ListenerOptions): Listener {
  /** Per key, the watches' marks: each sets its watch's flag and wakes its pending wait. */
  const marks = new Map<string, Set<() => void>>();
  let watches = 0;
  let client: pg.Client | undefined;
  let listening: Promise<boolean> | undefined;
  let retryAt = 0;
  let linger: NodeJS.Timeout | undefined;
  let closed = false;

  const wakeAll = () => {
    for (const set of marks.values()) for (const mark of set) mark();
  };

  /** LISTEN on a connection of its own, unless closed or a connection failed less than `retryMs` ago. */
  function listen(): Promise<boolean> {
    if (listening) return listening;
    if (closed || Date.now() < retryAt) return Promise.resolve(false);
    const connection = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000, application_name: 'clarion notifications' });
    client = connection;
    connection.on('notification', ({ payload }) => {
      for (const mark of marks.get(payload ?? '') ?? []) mark();
    });
    connection.on('error', (error) => {
      if (client === connection) logger.warn('PostgreSQL notifications connection failed; waits fall back to polling', { error: error.message });
      drop(connection);
    });
    connection.on('end', () => drop(connection));
    listening = connection
      .connect()
      .then(() => connection.query(`LISTEN ${pg.escapeIdentifier(channel)}`))
      .then(
        () => client === connection,
        (error: Error) => {
          if (client === connection) logger.warn('cannot LISTEN for PostgreSQL notifications; waits fall back to polling', { error: error.message });
          drop(connection);
          return false;
        },
      );
    return listening;
  }

  /** The connection is gone: the waits are woken (their callers look for themselves), and a later wait reconnects. */
  function drop(connection: pg.Client) {
    if (client !== connection) return;
    client = undefined;
    listening = undefined;
    retryAt = Date.now() + retryMs;
    connection.end().catch(() => {});
    wakeAll();
  }

  function release() {
    watches -= 1;
    if (watches > 0 || !client) return;
    clearTimeout(linger);
    linger = setTimeout(() => {
      if (watches === 0 && client) drop(client);
      retryAt = 0; // an idle drop is no failure
    }, lingerMs);
    linger.unref();
  }

  return {
    watch(key) {
      watches += 1;
      clearTimeout(linger);
      let notified = false;
      let wake: (() => void) | undefined;
      const mark = () => {
        notified = true;
        wake?.();
      };
      let set = marks.get(key);
      if (!set) marks.set(key, (set = new Set()));
      set.add(mark);
      let stopped = false;
      return {
        ready: listen(),
        next(ms) {
          if (stopped) return Promise.resolve(false);
          // A connection dropped meanwhile: listen again for the rest of this wait.
          void listen();
          if (notified) {
            notified = false;
            return Promise.resolve(true);
          }
          return new Promise<boolean>((resolve) => {
            const timer = setTimeout(() => {
              wake = undefined;
              resolve(false);
            }, ms);
            wake = () => {
              clearTimeout(timer);
              wake = undefined;
              notified = false;
              resolve(true);
            };
          });
        },
        stop() {
          if (stopped) return;
          stopped = true;
          wake?.();
          set.delete(mark);
          if (!set.size && marks.get(key) === set) marks.delete(key);
          release();
        },
      };
    },
    async close() {
      closed = true;
      clearTimeout(linger);
      const connection = client;
      if (connection) {
        drop(connection);
        // A connection still being made is cut; its end is not waited for past a second.
        await Promise.race([connection.end().catch(() => {}), delay(1_000, undefined, { ref: false })]);
      }
    },
  };
}
