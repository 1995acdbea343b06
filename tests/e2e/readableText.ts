import type { Page } from 'playwright-core';

/**
 * Times a person should never read (issue 30 item 2): an ISO instant, a 12-hour clock, a US date.
 * Every time on a screen is YYYY-MM-DD HH:mm in the reader's zone (src/shared/date-time.ts).
 */
const FOREIGN_CLOCKS: { name: string; pattern: RegExp }[] = [
  { name: 'an ISO timestamp', pattern: /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/ },
  { name: 'a 12-hour time', pattern: /\b\d{1,2}:\d{2}(?::\d{2})?\s?(?:AM|PM|am|pm|오전|오후)\b/ },
  { name: 'a mm/dd/yyyy date', pattern: /\b\d{1,2}\/\d{1,2}\/\d{4}\b/ },
];

/** The page's visible text and the values of its inputs, as a person reads them. */
async function readableText(page: Page): Promise<string> {
  return page.evaluate(() => {
    // A date field's native picker stays in the page, hidden from people and readers: its value is not read.
    const values = [...document.querySelectorAll('input:not([type=hidden]), textarea')].filter((input) => !input.closest('[aria-hidden=true]')).map((input) => (input as HTMLInputElement).value);
    return [document.body.innerText, ...values].join('\n');
  });
}

/** One line per time on the page written in a way the console does not write times. */
export async function foreignClockFindings(page: Page): Promise<string[]> {
  const text = await readableText(page);
  return FOREIGN_CLOCKS.flatMap(({ name, pattern }) => {
    const found = new RegExp(pattern.source, 'g').exec(text);
    return found ? [`shows ${name}: "${text.slice(Math.max(0, found.index - 30), found.index + found[0].length + 10).replace(/\s+/g, ' ')}"`] : [];
  });
}
