/**
 * A tiny leveled logger writing one JSON line per event to stderr (or to a sink: tests read the
 * lines there): `{"time","level","msg",...}`. A plain object as `extra` adds its fields to the
 * line (the request log's requestId, route, status…); an Error adds `error` (its message); any
 * other value goes in `detail`. Every line is written without the secrets URLs and bodies carry
 * (reset and verification tokens, OAuth codes, passwords: log-redaction.ts, decision 0032).
 */
import { redactSecrets } from './log-redaction';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
export type Logger = Record<
  Exclude<LogLevel, 'silent'>,
  (message: string, extra?: unknown) => void
>;

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

/** Fields a line's `extra` may not replace. */
const RESERVED = new Set(['time', 'level', 'msg']);

export type LoggerOptions = {
  /** Where each line goes (without its newline); stderr by default. */
  sink?: (line: string) => void;
};

function fieldsOf(extra: unknown): Record<string, unknown> {
  if (extra === undefined) return {};
  if (extra instanceof Error) {
    const code = (extra as { code?: unknown }).code;
    return { error: extra.message, ...(typeof code === 'string' ? { code } : {}) };
  }
  if (typeof extra === 'object' && extra !== null && !Array.isArray(extra)) {
    return Object.fromEntries(Object.entries(extra).filter(([key]) => !RESERVED.has(key)));
  }
  return { detail: extra };
}

/**
 * One JSON line, secrets redacted; a value JSON cannot write (a cycle, a BigInt) is written as
 * text instead.
 */
export function logLine(
  level: Exclude<LogLevel, 'silent'>,
  message: string,
  extra?: unknown,
  time = new Date(),
): string {
  const line = { time: time.toISOString(), level, msg: message, ...fieldsOf(extra) };
  let text: string;
  try {
    text = JSON.stringify(line);
  } catch {
    text = JSON.stringify({ time: line.time, level, msg: message, detail: String(extra) });
  }
  return redactSecrets(text);
}

export function createLogger(level: LogLevel, options: LoggerOptions = {}): Logger {
  const sink = options.sink ?? ((line: string) => process.stderr.write(`${line}\n`));
  const at =
    (name: Exclude<LogLevel, 'silent'>) =>
    (message: string, extra?: unknown): void => {
      if (ORDER[name] < ORDER[level]) return;
      sink(logLine(name, message, extra));
    };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
