import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { askWorkers } from './workers.ts';

const root = new URL('../..', import.meta.url).pathname;
const children: ChildProcess[] = [];

/** A child with an IPC channel that runs `code` (ESM, TypeScript imports allowed) and then idles. */
function child(code: string) {
  const forked = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', `${code}; setInterval(() => {}, 1000);`], { cwd: root, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  children.push(forked);
  return forked;
}

afterEach(() => {
  for (const forked of children.splice(0)) forked.kill('SIGKILL');
});

describe('askWorkers', () => {
  it("merges what answering workers send and leaves out one that does not answer, without waiting for it", async () => {
    const answering = child(`import { answerParentScrapes } from './src/metrics/workers.ts'; import { countPush } from './src/metrics/pushes.ts'; countPush({ ok: true }); answerParentScrapes(); process.send('ready')`);
    const silent = child(`process.on('message', () => {}); process.send('ready')`);
    await Promise.all([answering, silent].map((forked) => new Promise((resolve) => forked.once('message', resolve))));
    const lines: string[] = [];
    const logger = createLogger('debug', { write: (line: string) => void lines.push(line) });
    const answers = await askWorkers([answering, silent], logger, 300);
    expect(answers).toHaveLength(1);
    const pushes = answers[0]!.find((metric) => metric.name === 'clarion_pushes_total');
    expect(pushes?.values).toEqual([{ value: 1, labels: { platform: 'ios', result: 'sent' } }]);
    expect(lines.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ level: 'debug', message: 'worker left out of this metrics scrape', workerPid: silent.pid, reason: 'no answer within 300 ms' }),
    ]);
  });

  it('leaves out a worker that has exited', async () => {
    const gone = child(`process.exit(0)`);
    await new Promise((resolve) => gone.once('exit', resolve));
    expect(await askWorkers([gone], createLogger('silent'))).toEqual([]);
  });
});
