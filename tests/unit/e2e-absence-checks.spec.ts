import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A browser check that something is absent, counted right after some other text appears, passes
 * whether or not the thing would have come: the panel, row or dialog that would hold it may not be
 * drawn yet. Such a check goes through the e2e harness's `expectAbsent`, which waits for the
 * container and a settled page first, or polls (`expect.poll`) for a removal after an action.
 */
const E2E_DIR = join(import.meta.dirname, '..', 'e2e');

/** A locator's count or visibility asserted to be none: `count()` without arguments is a locator's (a query's count takes a table). */
const ABSENCE =
  /\.count\(\)[\s),]*\.(?:resolves\.)?(?:toBe|toEqual|toStrictEqual)\(0\)|\.count\(\)[\s),]*\.(?:resolves\.)?toBeLessThan\(1\)|toHaveCount\(0\)|\.isVisible\(\)[\s),]*\.(?:resolves\.)?toBe\(false\)|\.isHidden\(\)[\s),]*\.(?:resolves\.)?toBe\(true\)/g;

/** The statement an assertion ends, without its comments: from the previous statement's end or block's start. */
function statementBefore(source: string, end: number): string {
  const before = end - 1;
  const start = Math.max(source.lastIndexOf(';', before), source.lastIndexOf('{\n', before), source.lastIndexOf('}\n', before));
  return source
    .slice(start + 1, end)
    .split('\n')
    .filter((line) => !line.trim().startsWith('//'))
    .join('\n')
    .trim();
}

/** Each absence check in the source that neither polls nor goes through `expectAbsent`, as "line: statement". */
export function bareAbsenceChecks(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(ABSENCE)) {
    const end = match.index + match[0].length;
    const statement = statementBefore(source, end);
    if (/^await expect\.poll\(/.test(statement)) continue;
    found.push(`${source.slice(0, match.index).split('\n').length}: ${statement.replace(/\s+/g, ' ')}`);
  }
  return found;
}

const e2eFiles = readdirSync(E2E_DIR).filter((name) => name.endsWith('.ts'));

describe('absence checks in the browser tests', () => {
  it('finds the bare forms and lets the waiting ones pass', () => {
    const bare = [
      "expect(await page.getByText('Manual permissions').count()).toBe(0);",
      "await expect(page.getByText('System Setting').count()).resolves.toBe(0);",
      'expect(\n  await row\n    .count(),\n).toBe(0);',
      "await expect(page.getByRole('dialog')).toHaveCount(0);",
      "expect(await page.getByRole('button').isVisible()).toBe(false);",
    ];
    for (const source of bare) expect(bareAbsenceChecks(source), source).toHaveLength(1);
    const waiting = [
      "await expectAbsent(page.locator('#main-content'), page.getByText('Manual permissions'));",
      "// gone once typed\nawait expect.poll(() => otp.getByText('OTP is required').count()).toBe(0);",
      "await expect.poll(() => page.getByText('example.com').count()).toBe(0);",
      'await expect.poll(() =>\n  drawer.count(),\n).toBe(0);',
      "expect(await count('collect_tasks')).toBe(0);",
      "expect(await row.getByText('25').count()).toBe(2);",
    ];
    for (const source of waiting) expect(bareAbsenceChecks(source), source).toEqual([]);
  });

  it('has every browser test wait for the container before counting an absence, or poll for a removal', () => {
    expect(e2eFiles.filter((name) => name.endsWith('.e2e.ts')).length).toBeGreaterThan(30);
    const bare = e2eFiles.flatMap((name) => bareAbsenceChecks(readFileSync(join(E2E_DIR, name), 'utf8')).map((check) => `${name}:${check}`));
    expect(bare).toEqual([]);
  });
});
