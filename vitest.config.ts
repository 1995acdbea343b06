import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** Unit, component and API tests; browser tests have their own config (vitest.e2e.config.ts). */
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['src/**/*.spec.ts', 'tests/unit/**/*.spec.ts'], environment: 'node' },
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
        test: { name: 'api', include: ['tests/api/**/*.spec.ts'], environment: 'node', testTimeout: 30_000, hookTimeout: 60_000 },
      },
    ],
  },
});
