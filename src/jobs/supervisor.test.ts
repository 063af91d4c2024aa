// The supervisor with stand-in workers (a few lines of JavaScript forked as the worker bundle): on demand it starts
// none until woken, frees the place of one that leaves idle, replaces one woken while leaving, and restarts a crash.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { IDLE, superviseWorkers } from './supervisor.ts';

/** Leaves idle (IDLE, then exit 0 a moment later) or, with FAKE_CRASH, exits 1 without a word. */
const FAKE_WORKER = `
if (process.env.FAKE_CRASH) process.exit(1);
setTimeout(() => {
  process.send({ type: '${IDLE}', metrics: [] });
  setTimeout(() => process.exit(0), 200);
}, 100);
setInterval(() => {}, 1000);
`;

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

async function supervised(env: Record<string, string> = {}, count = 1) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'clarion-supervisor-'));
  const bundle = path.join(dir, 'worker.mjs');
  await writeFile(bundle, FAKE_WORKER);
  const lines: Record<string, unknown>[] = [];
  let left = 0;
  const logger = createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line)) });
  const workers = superviseWorkers({ count, bundle, env, logger, stopTimeoutMs: 5_000, onDemand: true, onLeft: () => (left += 1) });
  stops.push(async () => {
    await workers.stop();
    await rm(dir, { recursive: true, force: true });
  });
  const until = async <T>(read: () => T | undefined) => {
    for (;;) {
      const value = read();
      if (value !== undefined) return value;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  return { workers, lines, left: () => left, until };
}

const exited = (child: ChildProcess) => new Promise((resolve) => child.once('exit', resolve));

describe('superviseWorkers on demand', () => {
  it('starts none until woken; one that leaves idle frees its place and the parent is told to look for work', async () => {
    const { workers, lines, left, until } = await supervised();
    expect(workers.pids()).toEqual([]);
    expect(workers.vacancies()).toBe(1);
    workers.wake();
    const [child] = workers.processes();
    expect(child).toBeDefined();
    expect(workers.vacancies()).toBe(0);
    await exited(child!);
    await until(() => (left() === 1 ? true : undefined));
    expect(workers.pids()).toEqual([]);
    expect(lines.map((line) => line.message)).toContain('fan-out worker left, idle');
    expect(lines.map((line) => line.message)).not.toContain('fan-out worker stopped; starting another');
  }, 20_000);

  it('replaces at once a worker that was woken while it was leaving', async () => {
    const { workers, left, until } = await supervised();
    workers.wake();
    const [first] = workers.processes();
    // After the supervisor's own listener: the place is leaving when this wake comes.
    first!.on('message', (message: { type?: string }) => message?.type === IDLE && workers.wake());
    await exited(first!);
    const second = await until(() => workers.pids().find((pid) => pid !== first!.pid));
    expect(second).toBeDefined();
    expect(left()).toBe(0);
  }, 20_000);

  it('starts as many as it is asked for, up to its places, and all of them when not told how many', async () => {
    const { workers } = await supervised({}, 3);
    workers.wake(1);
    expect(workers.pids()).toHaveLength(1);
    expect(workers.vacancies()).toBe(2);
    workers.wake(5);
    expect(workers.pids()).toHaveLength(3);
    expect(workers.vacancies()).toBe(0);
  }, 20_000);

  it('restarts a worker that crashed, on demand too', async () => {
    const { workers, lines, until } = await supervised({ FAKE_CRASH: '1' });
    workers.wake();
    await until(() => (lines.filter((line) => line.message === 'fan-out worker stopped; starting another').length >= 2 ? true : undefined));
  }, 20_000);
});
