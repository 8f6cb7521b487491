import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The server's test files that never open a database (the PDF renderer, the sheet thread, pure rules): the second run
 * against PostgreSQL (`TEST_DATABASE_URL`, .ci/run) leaves them out, as it would prove nothing new there (about a
 * minute of the CI run). A file opens one through the test app (`useTestApp` or a feature's `use…App`), the test
 * database, or a server process.
 */
function serverTestsWithoutDatabase(): string[] {
  const root = 'apps/server';
  const opensDatabase =
    /useTestApp|openTestDatabase|openDatabase\(|startServerProcess|use[A-Z]\w*App\(|ctx\.app|TestContext/;
  return (readdirSync(path.join(root, 'src'), { recursive: true }) as string[])
    .filter((f) => f.endsWith('.test.ts'))
    .filter((f) => !opensDatabase.test(readFileSync(path.join(root, 'src', f), 'utf8')))
    .map((f) => `src/${f}`);
}

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
          // `*.postgres.test.ts` checks what only PostgreSQL has (its connections): run with TEST_DATABASE_URL only.
          exclude: process.env.TEST_DATABASE_URL
            ? serverTestsWithoutDatabase()
            : ['src/**/*.postgres.test.ts'],
          // One migrated database for the run, copied by each test file (test/global-setup.ts).
          globalSetup: ['test/global-setup.ts'],
          // Failure detectors, not expectations: at load 15–22 on two cores an API test took at most 20 s and a file's
          // start (its database and app) about 17 s; the limits leave three times that. Files that render say so and
          // get longer (test/time-limits.ts).
          testTimeout: 60_000,
          hookTimeout: 120_000,
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
