// The prepared statements' pipelined connection on a real PostgreSQL: one backend runs what is sent together, in
// order and each in its own transaction; a failed statement, a killed backend or a server that is not there fails
// only what was on it, and the next statement opens another connection.
import { createServer, type AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase } from '../../test/support/backends.ts';
import { pipelinedConnection, type PipelinedConnection } from './pipelined.ts';

const STATEMENT = 'SELECT pg_backend_pid() AS pid, txid_current()::text AS tx, $1::int AS n';

describe('pipelinedConnection', () => {
  let fresh: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  const errors: Error[] = [];
  const connect = (idleMs = 60_000, url = fresh.url) => pipelinedConnection({ connectionString: url }, { idleMs, onError: (error) => errors.push(error) });
  const ask = (connection: PipelinedConnection, n: number) => connection.query({ name: 'pipelined_test', text: STATEMENT, values: [n] }).then((result) => result.rows[0]);

  beforeAll(async () => {
    fresh = await freshPostgresDatabase();
  });
  afterAll(async () => {
    await fresh?.drop();
  });

  it('runs statements sent together one after another on one backend, each in its own transaction, and a failure alone', async () => {
    const connection = connect();
    const answers = await Promise.allSettled([ask(connection, 1), connection.query({ text: 'SELECT 1 / $1::int', values: [0] }), ask(connection, 3), ask(connection, 4)]);
    await connection.end();
    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect((answers[1] as PromiseRejectedResult).reason.message).toMatch(/division by zero/);
    const rows = answers.filter((answer) => answer.status === 'fulfilled').map((answer) => answer.value);
    expect(rows.map((row) => row.n)).toEqual([1, 3, 4]);
    expect(new Set(rows.map((row) => row.pid)).size).toBe(1);
    expect(new Set(rows.map((row) => row.tx)).size).toBe(3);
  });

  it('rejects what ran on a backend that was killed, and opens another for the next statement', async () => {
    const connection = connect();
    const first = await ask(connection, 1);
    const admin = new pg.Client({ connectionString: fresh.url });
    await admin.connect();
    try {
      // Settled from the start: the killed backend's socket can fail before the admin's answer arrives, and a rejection
      // nobody waits for yet is an unhandled one.
      const outcomes = Promise.allSettled([connection.query({ text: 'SELECT pg_sleep(30)' }), ask(connection, 2)]);
      await expect.poll(async () => (await admin.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE query = 'SELECT pg_sleep(30)' AND state = 'active'")).rows[0].n).toBe(1);
      await admin.query('SELECT pg_terminate_backend($1)', [first.pid]);
      expect((await outcomes).map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
      const after = await ask(connection, 3);
      expect(after.n).toBe(3);
      expect(after.pid).not.toBe(first.pid);
      // Reported, as pg saw it: the server's message, the reset socket, or both.
      expect(errors.length).toBeGreaterThan(0);
    } finally {
      errors.length = 0;
      await admin.end();
      await connection.end();
    }
  });

  it('rejects at once, statement after statement, when the server is not there', async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const nowhere = connect(60_000, `postgres://postgres@127.0.0.1:${port}/postgres`);
    await expect(ask(nowhere, 1)).rejects.toThrow(/ECONNREFUSED|terminated/);
    await expect(ask(nowhere, 2)).rejects.toThrow(/ECONNREFUSED|terminated/);
    expect(nowhere.totalCount).toBe(0);
    await nowhere.end();
  });

  it('closes when idle and opens again for the next statement; counts what it holds for the metrics', async () => {
    const connection = connect(50);
    expect([connection.totalCount, connection.idleCount, connection.waitingCount]).toEqual([0, 0, 0]);
    const running = connection.query({ text: 'SELECT pg_sleep(0.2)' });
    expect([connection.totalCount, connection.idleCount]).toEqual([1, 0]);
    await running;
    // Answered, and not yet idle for 50 ms: open and idle.
    expect([connection.totalCount, connection.idleCount]).toEqual([1, 1]);
    await expect.poll(() => connection.totalCount).toBe(0);
    const again = await ask(connection, 5);
    expect(again.n).toBe(5);
    await connection.end();
    await expect(ask(connection, 6)).rejects.toThrow(/closed/);
  });

  it('ends after what was sent has been answered', async () => {
    const connection = connect();
    const answer = ask(connection, 7);
    await connection.end();
    expect((await answer).n).toBe(7);
    expect(errors).toEqual([]);
  });
});
