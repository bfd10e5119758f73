import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Integration and end-to-end files mostly wait (on the database, the browser, live updates):
    // two at a time use both cores. Each file has its own server, database and browser, and no
    // test asserts a duration, so they do not disturb each other: the suite went from 14 to 11
    // minutes on a 2-core machine.
    maxWorkers: 2,
    projects: [
      {
        test: { name: 'unit', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
