import type { Page } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import { passwordHasher } from '../../server/auth/passwords';
import { seedDemo } from '../../server/ops/demo';
import type { E2e } from './harness';

/** The demo data (projects, users, templates, logs…), so every screen has records to show. */
export async function seedDemoData(e2e: E2e) {
  const { config, files } = e2e.app.ctx;
  await seedDemo(e2e.db, { hasher: passwordHasher(config.passwordHash), files });
}

/** Serious and critical axe violations (WCAG 2.1 A and AA) of the page as it is, one line each. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  // Mail previews are sandboxed iframes without scripts: axe's per-frame mode waits on them forever,
  // so it runs in the page alone (legacy mode) and the previews (mail authors' HTML) are not audited.
  const { violations } = await new AxeBuilder({ page }).setLegacyMode(true).options({ iframes: false }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id} ×${violation.nodes.length}: ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(' | ')}`,
    );
}

/** Opens the page's every load in the light or dark scheme, as the settings panel stores it. */
export async function preferColourScheme(page: Page, dark: boolean) {
  await page.addInitScript((isDark) => {
    // Also runs in the sandboxed mail-preview frames, which have no storage.
    if (window !== window.top) return;
    const key = 'RaStoreconsole.console.layoutSettings';
    const current = JSON.parse(window.localStorage.getItem(key) ?? '{}');
    window.localStorage.setItem(key, JSON.stringify({ ...current, darkTheme: isDark, menuTheme: isDark ? 'dark' : 'light' }));
  }, dark);
}
