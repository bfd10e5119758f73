/** The process entry: config -> server -> graceful shutdown on SIGINT/SIGTERM. */
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { createLogger } from './platform/log';
import { DEFAULT_WEB_ROOT, DRAIN_TIMEOUT_MS, startServer } from './server';

/** The drain, then a few seconds to stop the hub and close the database; past it, exit anyway. */
const SHUTDOWN_LIMIT_MS = DRAIN_TIMEOUT_MS + 5000;

async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  const server = await startServer(config, { log, webRoot: DEFAULT_WEB_ROOT });
  log.info(
    `Crowned is listening on ${config.publicUrl} (port ${server.port}, database: ${server.database.kind}${
      server.database.kind === 'pglite' ? ` in ${config.dataDir}` : ''
    })`,
  );
  let stopping = false;
  const stop = (signal: string) => {
    // A second signal (Ctrl-C reaches `npm start` and the server both) changes nothing: the drain
    // is bounded, and so is this process's wait for it.
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received: finishing requests under way, then stopping`);
    setTimeout(() => {
      log.error(`shutdown took longer than ${SHUTDOWN_LIMIT_MS} ms; exiting now`);
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    server.close().then(
      () => {
        log.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        log.error('shutdown failed', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Crowned failed to start: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
  }
  process.exit(1);
});
