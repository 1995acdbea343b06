/**
 * Initial JavaScript of the sign-in page, gzipped, as a ratio to a minimal react-admin app built
 * in the same run with the same toolchain (target ≤ 1.3: screens behind the menu load lazily).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import react from '@vitejs/plugin-react';

/** Gzipped bytes of the entry script and every module it preloads, as the browser fetches at start. */
function initialJsBytes(outDir: string): { bytes: number; files: string[] } {
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/?([^"]+\.js)"/g)].map((match) => match[1]);
  const bytes = files.reduce((sum, file) => sum + gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length, 0);
  return { bytes, files };
}

async function buildInto(root: string, outDir: string): Promise<void> {
  await build({ root, plugins: [react()], logLevel: 'error', build: { outDir, emptyOutDir: true } });
}

const work = mkdtempSync(join(tmpdir(), 'console-bundle-'));
try {
  await buildInto(resolve('.'), join(work, 'app'));
  await buildInto(resolve('bench/bundle-baseline'), join(work, 'baseline'));
  const app = initialJsBytes(join(work, 'app'));
  const baseline = initialJsBytes(join(work, 'baseline'));
  const ratio = app.bytes / baseline.bytes;
  console.log(`minimal react-admin app: ${(baseline.bytes / 1024).toFixed(1)} KiB gzipped initial JS (baseline, ${baseline.files.length} files)`);
  console.log(`console sign-in page:    ${(app.bytes / 1024).toFixed(1)} KiB gzipped initial JS (${app.files.length} files)`);
  console.log(`ratio console / baseline: ${ratio.toFixed(3)} (target ≤ 1.3: ${ratio <= 1.3 ? 'met' : 'NOT met'})`);
  if (ratio > 1.3) process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
