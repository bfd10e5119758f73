import { defineConfig } from 'vitest/config';

/**
 * How long `expect.poll` waits for what it expects (vitest's default is 1 s): a debounced save
 * plus a round trip can take longer than that on a loaded 2-core machine. A poll that succeeds
 * returns at once, so only a failing one waits this long.
 */
const POLL_TIMEOUT_MS = 10_000;

/** A console.error nobody expected fails its test (unit and integration). */
const NO_STRAY_CONSOLE_ERROR = './test/support/no-stray-console-error.ts';

/** The unit tests: pure code beside its sources, and repository checks in test/unit/. */
const UNIT = {
  include: ['src/**/*.test.ts', 'test/unit/**/*.test.ts'],
  environment: 'node',
  setupFiles: [NO_STRAY_CONSOLE_ERROR],
};

export default defineConfig({
  test: {
    // Integration and end-to-end files mostly wait (on the database, the browser, live updates):
    // two at a time use both cores. Each file has its own server, database and browser, and no
    // test asserts a duration, so they do not disturb each other: the suite went from 14 to 11
    // minutes on a 2-core machine.
    maxWorkers: 2,
    projects: [
      { test: { name: 'unit', ...UNIT } },
      // The unit tests again in an odd time zone: Chatham is UTC+12:45 (+13:45 in its summer), so
      // a date taken in local time instead of UTC lands on another day, a quarter-hour offset
      // shows, and daylight saving moves. Machines and CI run in UTC, where such a slip hides.
      // Not again: the tests that start ESLint or the whole app, and the slowest pure computations
      // (a card drawn, a duel simulation, the ranking methods), none of which reads a clock.
      {
        test: {
          name: 'unit-chatham',
          ...UNIT,
          exclude: [
            'src/web/i18n/no-literal-text.test.ts',
            'src/server/auth/tokens/scope.test.ts',
            'test/unit/readme-settings.test.ts',
            'src/server/share/og-image.test.ts',
            'src/domain/duels.test.ts',
            'src/domain/weak-orders.test.ts',
            'src/domain/results.test.ts',
            'src/domain/text.test.ts',
          ],
          env: { TZ: 'Pacific/Chatham' },
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          // Each file starts its own servers on fresh databases, so nothing a file leaves in a
          // module is another file's: the app's modules load once per worker instead of once per
          // file (12 files: 71 s of imports became 12 s, the run a fifth shorter).
          isolate: false,
          setupFiles: [NO_STRAY_CONSOLE_ERROR],
          testTimeout: 60_000,
          expect: { poll: { timeout: POLL_TIMEOUT_MS } },
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          // As for integration: each file its own server and browser, the modules loaded once.
          isolate: false,
          // Under CI a failed browser test runs once more, and `npm test` names every test that
          // needed it (scripts/test.mjs): a test that passes only on its second try is a flaky
          // test to mend, not a pass to forget. One slow frame on a loaded 2-core machine must
          // not throw away a whole run.
          retry: process.env.CI ? 1 : 0,
          testTimeout: 120_000,
          expect: { poll: { timeout: POLL_TIMEOUT_MS } },
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
