/**
 * Initial JavaScript of the sign-in page, gzipped, as a ratio to a minimal react-admin app built
 * in the same run with the same toolchain (target ≤ 1.0: the frame and every screen behind the menu
 * load lazily, and the schema library, zod, stays out until a signed-in screen needs it).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import react from '@vitejs/plugin-react';

/** Gzipped bytes of the entry script and every module it preloads, as the browser fetches at start. */
function initialJs(outDir: string): { bytes: number; files: string[]; hasZod: boolean } {
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/?([^"]+\.js)"/g)].map((match) => match[1]);
  const code = files.map((file) => readFileSync(join(outDir, file)));
  const bytes = code.reduce((sum, content) => sum + gzipSync(content, { level: 9 }).length, 0);
  // zod names its classes in strings, which survive minification.
  const hasZod = code.some((content) => content.includes('ZodError'));
  return { bytes, files, hasZod };
}

async function buildInto(root: string, outDir: string): Promise<void> {
  await build({ root, plugins: [react()], logLevel: 'error', build: { outDir, emptyOutDir: true } });
}

const work = mkdtempSync(join(tmpdir(), 'console-bundle-'));
try {
  await buildInto(resolve('.'), join(work, 'app'));
  await buildInto(resolve('bench/bundle-baseline'), join(work, 'baseline'));
  const app = initialJs(join(work, 'app'));
  const baseline = initialJs(join(work, 'baseline'));
  const ratio = app.bytes / baseline.bytes;
  console.log(`minimal react-admin app: ${(baseline.bytes / 1024).toFixed(1)} KiB gzipped initial JS (baseline, ${baseline.files.length} files)`);
  console.log(`console sign-in page:    ${(app.bytes / 1024).toFixed(1)} KiB gzipped initial JS (${app.files.length} files)`);
  console.log(`ratio console / baseline: ${ratio.toFixed(3)} (target ≤ 1.0: ${ratio <= 1.0 ? 'met' : 'NOT met'})`);
  console.log(`zod in the sign-in page's initial JS: ${app.hasZod ? 'yes (target: no, NOT met)' : 'no (met)'}`);
  if (ratio > 1.0 || app.hasZod) process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
