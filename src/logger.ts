// Logs are pino's JSON lines on stderr, readable lines when stderr is a terminal. Callers log ids, never keys
// or tokens; the redaction list is a safety net for a secret that slips into a field anyway. A line logged
// while a request is handled carries that request's id (see withRequestId), however deep the caller.
import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, type DestinationStream } from 'pino';
import { createRequire } from 'node:module';
import type { PrettyOptions } from 'pino-pretty';
import type { Config } from './config.ts';

type Fields = Record<string, unknown>;
type Log = (message: string, fields?: Fields) => void;

export interface Logger {
  debug: Log;
  info: Log;
  warn: Log;
  error: Log;
  /** A logger whose lines all carry these fields. */
  child(fields: Fields): Logger;
}

const SECRET_KEYS = new Set(['authorization', 'cookie', 'password', 'secret', 'token', 'apiKey', 'privateKey', 'sessionToken', 'apnsToken', 'webhookSecret']);
const CENSOR = '[redacted]';

/**
 * The fields with secret-looking keys censored, at the top and one level down (e.g. headers.authorization); the
 * same object when there is none, which is every request line. pino's `redact` did the same for the paths
 * `key` and `*.key`, at a tenth of a request's logging cost (bench/rest).
 */
export function redacted(fields: Fields): Fields {
  let copy: Fields | undefined;
  for (const key in fields) {
    if (SECRET_KEYS.has(key)) {
      (copy ??= { ...fields })[key] = CENSOR;
      continue;
    }
    const value = fields[key];
    if (value === null || typeof value !== 'object' || Array.isArray(value)) continue;
    let inner: Fields | undefined;
    for (const innerKey in value) if (SECRET_KEYS.has(innerKey)) (inner ??= { ...(value as Fields) })[innerKey] = CENSOR;
    if (inner) (copy ??= { ...fields })[key] = inner;
  }
  return copy ?? fields;
}

const requestScope = new AsyncLocalStorage<{ requestId: string }>();

/** Runs `work` so that every line it logs, however deep, carries `requestId`. */
export const withRequestId = <T>(requestId: string, work: () => T): T => requestScope.run({ requestId }, work);

export function createLogger(level: Config['logLevel'] = 'info', destination?: DestinationStream): Logger {
  const stream = destination ?? (process.stderr.isTTY ? prettyStream() : stderrLines());
  const root = pino(
    {
      level,
      messageKey: 'message',
      base: { pid: process.pid },
      timestamp: isoTimeEachMillisecond(),
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const scope = requestScope.getStore();
        return scope ? { requestId: scope.requestId } : {};
      },
    },
    stream,
  );
  return wrap(root);
}

/**
 * pino's isoTime (`,"time":"<ISO 8601>"`), its text made once a millisecond: a busy server logs several lines in one,
 * and making the text was a hundredth of a registration's CPU (bench/rest).
 */
export function isoTimeEachMillisecond(now: () => number = Date.now) {
  let made = Number.NaN;
  let text = '';
  return () => {
    const ms = now();
    if (ms !== made) {
      made = ms;
      text = `,"time":"${new Date(ms).toISOString()}"`;
    }
    return text;
  };
}

let stderr: pino.DestinationStream | undefined;

/**
 * The process's one stderr destination, shared by all its loggers. Lines are gathered and written together,
 * synchronously, once 2 KB wait or 100 ms after the first of them (a system call per request line cost a tenth of a
 * registration's CPU, bench/rest). Synchronous writes of at most 4 KB (PIPE_BUF) are never interleaved with the
 * workers' lines on the stderr they share, and nothing is in flight at exit, where what waits is written (pino flushes
 * only its asynchronous destinations itself). A SIGKILL loses at most the last 100 ms of lines.
 */
function stderrLines(): pino.DestinationStream {
  if (stderr) return stderr;
  const boom = pino.destination({ dest: 2, sync: true, minLength: 2048, maxWrite: 4096 });
  process.once('exit', () => {
    try {
      boom.flushSync();
    } catch {
      // stderr is gone (EPIPE): nothing can be said any more.
    }
  });
  return (stderr = gatheredLines(boom));
}

/** Where gathered lines go: sonic-boom's destination, which holds them until `flush` (or its minLength). */
export interface LineSink {
  write(line: string): unknown;
  flush(): void;
}

/**
 * Writes each line to `sink` and flushes it `waitMs` after the first line that waits. The timer runs only while lines
 * wait: sonic-boom's own periodicFlush wrote an empty string every 100 ms in every process, idle or not (bench/README.md,
 * "Idle CPU").
 */
export function gatheredLines(sink: LineSink, waitMs = 100): pino.DestinationStream {
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    timer = undefined;
    sink.flush();
  };
  return {
    write(line: string) {
      sink.write(line);
      timer ??= setTimeout(flush, waitMs).unref();
    },
  };
}

/** pino-pretty, loaded only for a terminal: processes writing JSON (workers, services) never load it. */
function prettyStream(): DestinationStream {
  const pretty = createRequire(import.meta.url)('pino-pretty') as (options: PrettyOptions) => DestinationStream;
  return pretty({ destination: 2, sync: true, colorize: true, singleLine: true, messageKey: 'message', translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid' });
}

function wrap(target: pino.Logger): Logger {
  const at = (name: 'debug' | 'info' | 'warn' | 'error'): Log => (message, fields) => (fields ? target[name](redacted(fields), message) : target[name](message));
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error'), child: (fields) => wrap(target.child(redacted(fields))) };
}

/** A database or Redis URL with its password replaced, for messages. */
export function redactUrl(raw: string) {
  try {
    const parsed = new URL(raw);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}
