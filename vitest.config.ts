import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Integration files mostly wait on the database: two at a time use both cores. End-to-end
    // files stay one at a time (their project sets fileParallelism: false).
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
          fileParallelism: false,
        },
      },
    ],
  },
});
