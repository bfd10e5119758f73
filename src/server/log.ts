/** A tiny leveled logger writing one line per event to stderr. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
export type Logger = Record<
  Exclude<LogLevel, 'silent'>,
  (message: string, extra?: unknown) => void
>;

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

export function createLogger(level: LogLevel): Logger {
  const at =
    (name: Exclude<LogLevel, 'silent'>) =>
    (message: string, extra?: unknown): void => {
      if (ORDER[name] < ORDER[level]) return;
      const detail =
        extra === undefined
          ? ''
          : ` ${extra instanceof Error ? extra.message : JSON.stringify(extra)}`;
      process.stderr.write(
        `${new Date().toISOString()} ${name.toUpperCase()} ${message}${detail}\n`,
      );
    };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
