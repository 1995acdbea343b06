import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import lighthouseConfig from 'lighthouse/core/config/default-config.js';
import { passwordHasher } from '../../server/auth/passwords';
import { seedDemo } from '../../server/ops/demo';
import { finiteAnimationsEnded, type E2e } from './harness';

/** The demo data (projects, users, templates, logs…), so every screen has records to show. */
export async function seedDemoData(e2e: E2e) {
  const { config, files } = e2e.app.ctx;
  await seedDemo(e2e.db, { hasher: passwordHasher(config.passwordHash), files });
}

/**
 * The axe rules Lighthouse's accessibility score weighs: a violation of any of them, whatever its
 * impact, costs points there (heading order is "moderate" to axe), so each one is a finding here.
 */
const LIGHTHOUSE_AXE_RULES = new Set(lighthouseConfig.categories?.accessibility?.auditRefs.filter((audit) => audit.weight > 0).map((audit) => audit.id) ?? []);
// An empty list would make the check pass on anything: a Lighthouse that moved its config fails here.
if (LIGHTHOUSE_AXE_RULES.size < 40) throw new Error(`Lighthouse's accessibility audits not found (${LIGHTHOUSE_AXE_RULES.size})`);
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * The page's axe findings, one line each: serious and critical violations of WCAG 2.1 A and AA, and
 * any violation of a rule Lighthouse's accessibility category weighs.
 */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  // Mid-transition, a notice fading in is part transparent, and axe would measure its text's
  // contrast at that instant: what is read is the state a transition ends in.
  await finiteAnimationsEnded(page);
  // Mail previews are sandboxed iframes without scripts: axe's per-frame mode waits on them forever,
  // so it runs in the page alone (legacy mode) and the previews (mail authors' HTML) are not audited.
  // Only violations are read: axe then builds a selector for one node of each passing rule, not for
  // every node, which is much of its time on a large page. Every violating node is still reported.
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ iframes: false, resultTypes: ['violations'] })
    .analyze();
  return violations
    .filter((violation) => LIGHTHOUSE_AXE_RULES.has(violation.id) || ((violation.impact === 'serious' || violation.impact === 'critical') && violation.tags.some((tag) => WCAG_AA.includes(tag))))
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

/** Opens the page's every load in Korean, as the language menu stores it. */
export async function preferKorean(page: Page) {
  await page.addInitScript(() => {
    if (window === window.top) window.localStorage.setItem('RaStoreconsole.locale', JSON.stringify('ko'));
  });
}

/** HTML_CodeSniffer, pa11y's other runner: it checks what axe leaves out (names, forms, autocomplete). */
const HTMLCS_SOURCE = readFileSync(createRequire(import.meta.url).resolve('html_codesniffer/build/HTMLCS.js'), 'utf8');

/**
 * HTML_CodeSniffer's WCAG 2 AA errors on the page, one line each, as pa11y reports them. Evaluated
 * through the debugging protocol, which the page's CSP does not govern, like axe. Its 2.5.1 build
 * looks up some autocomplete messages under a misspelt key and would throw; those fall back to the
 * other spelling.
 */
export async function codeSnifferErrors(page: Page): Promise<string[]> {
  await page.evaluate(HTMLCS_SOURCE);
  const messages = await page.evaluate(
    `new Promise((resolve) => {
      const translate = HTMLCS.getTranslation;
      HTMLCS.getTranslation = (key) => translate.call(HTMLCS, key) ?? translate.call(HTMLCS, key.replace('AutoComplete', 'Autocomplete')) ?? key;
      HTMLCS.process('WCAG2AA', window.document, () => {
        const describe = (element) => element && element.outerHTML ? element.outerHTML.slice(0, 160) : String(element);
        resolve(HTMLCS.getMessages().filter((message) => message.type === HTMLCS.ERROR).map((message) => message.code + ': ' + message.msg + ' | ' + describe(message.element)));
      }, (error) => resolve(['HTML_CodeSniffer failed: ' + error]), 'en');
    })`,
  );
  return messages as string[];
}
