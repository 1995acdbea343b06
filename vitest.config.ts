import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** API spec files that replace a module (vi.mock): they need a module graph of their own. */
const API_MOCKING = ['tests/api/activity.spec.ts', 'tests/api/response-schemas.spec.ts', 'tests/api/write-reads.spec.ts'];

/** Unit, component and API tests; browser tests have their own config (vitest.e2e.config.ts). */
export default defineConfig({
  plugins: [react()],
  test: {
    // Two files at a time at least: the API and component tests wait on timers, sockets and child
    // processes much of their run, and one file at a time (vitest's default on 2 cores) left a core
    // idle. The API tests on PostgreSQL run beside the browser tests and pass --maxWorkers=1 (.ci/run).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.spec.ts', 'tests/unit/**/*.spec.ts'],
          environment: 'node',
          // Some unit tests start worker threads or child processes; on 2 busy cores one took over 5 s.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'component',
          include: ['src/**/*.spec.tsx', 'tests/unit/**/*.spec.tsx'],
          environment: 'jsdom',
          setupFiles: ['tests/unit/setup-dom.ts'],
          // react-admin renders are heavy; on 2 shared cores a render-and-click test can take seconds.
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.spec.ts'],
          exclude: API_MOCKING,
          environment: 'node',
          globalSetup: ['tests/api/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // The files share their worker's module graph: importing the server through vite's
          // transforms took seconds per file, more than most files' tests. Each file still starts
          // its own app on its own database (tests/api/harness.ts), and nothing the server keeps
          // per process differs between files.
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'api-mocking', include: API_MOCKING, environment: 'node', globalSetup: ['tests/api/global-setup.ts'], testTimeout: 30_000, hookTimeout: 60_000 },
      },
    ],
  },
});
