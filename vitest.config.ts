import { defineConfig } from 'vitest/config';

// One run, three projects: the pure contract, the server (API tests on PGlite or TEST_DATABASE_URL), the web app (jsdom).
export default defineConfig({
  test: {
    // Vitest 4 ran one file at a time on this 2-core machine by default (one worker process seen; the whole unit run's
    // summed file times equalled its wall time). Every server file has its own database, every web file its own
    // jsdom: two at once. `test:multi` keeps one (each of its files starts two server processes).
    maxWorkers: 2,
    projects: [
      {
        test: { name: 'shared', root: 'packages/shared', environment: 'node', include: ['src/**/*.test.ts'] },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          // One migrated database for the run, copied by each test file (test/global-setup.ts).
          globalSetup: ['test/global-setup.ts'],
          // Failure detectors, not expectations: at load 13 on two cores (five engineers and two CPU hogs) starting
          // two render threads took over 30 s.
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        // Several server processes on one PostgreSQL: `npm run test:multi` with TEST_DATABASE_URL (.ci/run).
        test: {
          name: 'multi',
          root: 'apps/server',
          environment: 'node',
          include: ['test/multi/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
