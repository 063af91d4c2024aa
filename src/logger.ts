// One JSON line per event on stderr. Nothing secret is passed in: callers log ids, never keys or tokens.
import type { Config } from './config.ts';

export type Logger = Record<'debug' | 'info' | 'warn' | 'error', (message: string, fields?: Record<string, unknown>) => void>;

const ORDER = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;

export function createLogger(level: Config['logLevel'] = 'info', write: (line: string) => void = (line) => process.stderr.write(line)): Logger {
  const at = (name: keyof Logger) => (message: string, fields: Record<string, unknown> = {}) => {
    if (ORDER[name] < ORDER[level]) return;
    write(`${JSON.stringify({ time: new Date().toISOString(), level: name, message, ...fields })}\n`);
  };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
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
