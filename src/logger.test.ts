import { Writable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { createLogger, gatheredLines, isoTimeEachMillisecond, withRequestId } from './logger.ts';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}

describe('logger', () => {
  it('writes JSON lines with the level by name, an ISO time, the pid and the message', () => {
    const { lines, stream } = capture();
    createLogger('info', stream).info('hello', { broadcast: 'b1' });
    expect(lines).toEqual([{ level: 'info', time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), pid: process.pid, broadcast: 'b1', message: 'hello' }]);
  });

  it('writes each line\'s own millisecond as pino\'s isoTime does, the text made again only when the millisecond moves', () => {
    const clock = { ms: Date.UTC(2026, 10, 29, 6, 0, 0, 1) };
    const time = isoTimeEachMillisecond(() => clock.ms);
    const made = vi.spyOn(Date.prototype, 'toISOString');
    try {
      expect(time()).toBe(',"time":"2026-11-29T06:00:00.001Z"');
      expect(time()).toBe(',"time":"2026-11-29T06:00:00.001Z"');
      expect(made).toHaveBeenCalledTimes(1);
      clock.ms += 1;
      expect(time()).toBe(',"time":"2026-11-29T06:00:00.002Z"');
      clock.ms += 86_400_000;
      expect(time()).toBe(',"time":"2026-11-30T06:00:00.002Z"');
      expect(made).toHaveBeenCalledTimes(3);
    } finally {
      made.mockRestore();
    }
  });

  it('drops lines below LOG_LEVEL, and logs nothing at all when silent', () => {
    const { lines, stream } = capture();
    const logger = createLogger('warn', stream);
    logger.debug('no');
    logger.info('no');
    logger.warn('yes');
    createLogger('silent', stream).error('no');
    expect(lines.map((line) => line.message)).toEqual(['yes']);
  });

  it('redacts secret-looking fields, at the top and one level down', () => {
    const { lines, stream } = capture();
    createLogger('info', stream).warn('oops', { password: 'hunter2', token: 't', headers: { authorization: 'Bearer clk_live_x', cookie: 'session=s' }, organization: 'acme' });
    expect(JSON.stringify(lines)).not.toMatch(/hunter2|clk_live_x|session=s/);
    expect(lines[0]).toMatchObject({ password: '[redacted]', token: '[redacted]', headers: { authorization: '[redacted]', cookie: '[redacted]' }, organization: 'acme' });
  });

  it('redacts a child logger\'s fields, and never changes the caller\'s objects', () => {
    const { lines, stream } = capture();
    const fields = { headers: { cookie: 'session=s', accept: 'json' } };
    createLogger('info', stream).child({ apiKey: 'clk_live_y' }).info('child', fields);
    expect(JSON.stringify(lines)).not.toMatch(/clk_live_y|session=s/);
    expect(lines[0]).toMatchObject({ apiKey: '[redacted]', headers: { cookie: '[redacted]', accept: 'json' } });
    expect(fields.headers.cookie).toBe('session=s');
  });

  it('puts the request id on every line logged while the request is handled, across awaits and in child loggers', async () => {
    const { lines, stream } = capture();
    const logger = createLogger('debug', stream);
    await withRequestId('req-42', async () => {
      logger.info('first');
      await new Promise((resolve) => setTimeout(resolve, 5));
      logger.child({ broadcast: 'b1' }).debug('deeper');
    });
    logger.info('outside');
    expect(lines.map((line) => [line.message, line.requestId])).toEqual([
      ['first', 'req-42'],
      ['deeper', 'req-42'],
      ['outside', undefined],
    ]);
  });

  it('flushes gathered lines 100 ms after the first waits, and sets no timer while none waits', () => {
    vi.useFakeTimers();
    try {
      const calls: string[] = [];
      const lines = gatheredLines({ write: (line) => calls.push(`write ${line}`), flush: () => calls.push('flush') });
      vi.advanceTimersByTime(1_000);
      expect(vi.getTimerCount()).toBe(0);
      lines.write('a');
      vi.advanceTimersByTime(60);
      lines.write('b');
      expect(calls).toEqual(['write a', 'write b']);
      vi.advanceTimersByTime(40);
      expect(calls).toEqual(['write a', 'write b', 'flush']);
      vi.advanceTimersByTime(1_000);
      expect(calls).toHaveLength(3);
      expect(vi.getTimerCount()).toBe(0);
      lines.write('c');
      vi.advanceTimersByTime(100);
      expect(calls.slice(3)).toEqual(['write c', 'flush']);
    } finally {
      vi.useRealTimers();
    }
  });
});
