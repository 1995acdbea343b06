import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { codeWordsTable, rawCodeFindings, type CodeWordsTable } from './readableText';

/**
 * The every-screen survey's raw-code check on pages written for it: what it must find and what it
 * must let be, so a survey that finds nothing means the screens are clean, not that the check is blind.
 */
let browser: Browser;
let page: Page;
let table: CodeWordsTable;
beforeAll(async () => {
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  page = await browser.newPage();
  table = { ...(await codeWordsTable('en')), KR: ['Korea'] };
});
afterAll(async () => browser?.close());

const findingsOn = async (html: string, screen = '/') => {
  await page.setContent(`<main>${html}</main>`);
  return rawCodeFindings(page, screen, table);
};

describe('the raw-code check', () => {
  it('finds codes read without their words: a cell, a chip, codes joined, an input, a Project Properties code, a code in bare parentheses', async () => {
    const findings = await findingsOn(`
      <table><tr><td>MASTERING</td><td><span class="MuiChip-label">SUCCESS</span></td><td>GET · JSON · NONE</td><td>KR</td></tr></table>
      <input value="DAILY"><p>Korea <span>(KR)</span></p>`);
    expect(findings).toEqual([
      'shows a raw code: "MASTERING" (td)',
      'shows a raw code: "SUCCESS" (span.MuiChip-label)',
      'shows a raw code: "GET · JSON · NONE" (td)',
      'shows a raw code: "KR" (td)',
      'shows a raw code: "(KR)" in parentheses, not in small print after its words',
      'shows a raw code: "DAILY" in the input (unnamed)',
    ]);
  });

  it('lets be a code in small print after its words, a code whose words are itself, a radio’s value and hidden text', async () => {
    const findings = await findingsOn(`
      <p>Korea<span class="code-small-print">(KR)</span></p><p>Date<span class="code-small-print">(DATE)</span></p>
      <p>CRM</p><label><input type="radio" value="TEMPLATE"> From a template</label><div aria-hidden="true">MASTERING</div>
      <p style="display:none">SUCCESS</p>`);
    expect(findings).toEqual([]);
  });

  it('lets the request log show its HTTP methods, and nothing else there', async () => {
    const html = '<table><tr><td class="column-httpMethod">GET</td><td>SUCCESS</td></tr></table>';
    expect(await findingsOn(html, '/log/system')).toEqual(['shows a raw code: "SUCCESS" (td)']);
    expect(await findingsOn(html, '/')).toEqual(['shows a raw code: "GET" (td.column-httpMethod)', 'shows a raw code: "SUCCESS" (td)']);
  });
});
