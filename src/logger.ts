// Logs are pino's JSON lines on stderr, readable lines when stderr is a terminal. Callers log ids, never keys
// or tokens; the redaction list is a safety net for a secret that slips into a field anyway. A line logged
// while a request is handled carries that request's id (see withRequestId), however deep the caller.
import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, stdTimeFunctions, type DestinationStream } from 'pino';
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

const SECRET_KEYS = ['authorization', 'cookie', 'password', 'secret', 'token', 'apiKey', 'privateKey', 'sessionToken', 'apnsToken', 'webhookSecret'];
/** Secret-looking keys at the top of a line's fields and one level down (e.g. headers.authorization). */
export const REDACTED_PATHS = [...SECRET_KEYS, ...SECRET_KEYS.map((key) => `*.${key}`)];

const requestScope = new AsyncLocalStorage<{ requestId: string }>();

/** Runs `work` so that every line it logs, however deep, carries `requestId`. */
export const withRequestId = <T>(requestId: string, work: () => T): T => requestScope.run({ requestId }, work);

export function createLogger(level: Config['logLevel'] = 'info', destination?: DestinationStream): Logger {
  const stream = destination ?? (process.stderr.isTTY ? prettyStream() : pino.destination({ dest: 2, sync: true }));
  const root = pino(
    {
      level,
      messageKey: 'message',
      base: { pid: process.pid },
      timestamp: stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      mixin: () => {
        const scope = requestScope.getStore();
        return scope ? { requestId: scope.requestId } : {};
      },
    },
    stream,
  );
  return wrap(root);
}

/** pino-pretty, loaded only for a terminal: processes writing JSON (workers, services) never load it. */
function prettyStream(): DestinationStream {
  const pretty = createRequire(import.meta.url)('pino-pretty') as (options: PrettyOptions) => DestinationStream;
  return pretty({ destination: 2, sync: true, colorize: true, singleLine: true, messageKey: 'message', translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid' });
}

function wrap(target: pino.Logger): Logger {
  const at = (name: 'debug' | 'info' | 'warn' | 'error'): Log => (message, fields) => (fields ? target[name](fields, message) : target[name](message));
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error'), child: (fields) => wrap(target.child(fields)) };
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
