import { defineConfig } from 'vitest/config';

/** Browser tests: the built app served by the real server, driven in Debian's Chromium. */
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // expect.poll waits up to 10 s, not 1 s: a screen's first answer can take seconds on two busy cores.
    expect: { poll: { timeout: 10_000 } },
    // One file at a time: two side by side (each with its own server and browser) were tried on the
    // every-screen passes only; the other files' waits are not yet proven with a second browser on two cores.
    fileParallelism: false,
  },
});
