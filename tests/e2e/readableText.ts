import type { Page } from 'playwright-core';

/**
 * Times a person should never read: an ISO instant, a 12-hour clock, a US date.
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

/**
 * The catalogue's English texts that Korean words replace: a Korean screen showing one of them
 * shows a text nobody translated (or one drawn without the catalogue). Texts the same in both
 * languages (CSV, URL) and ones with placeholders are left out.
 */
export async function untranslatedEnglish(): Promise<string[]> {
  const { enFrame } = await import('../../src/i18n/en');
  const { resourcesEn } = await import('../../src/i18n/resources/index.en');
  const { ko } = await import('../../src/i18n/ko');
  const leaves = (tree: unknown): string[] => (typeof tree === 'string' ? [tree] : tree && typeof tree === 'object' ? Object.values(tree).flatMap(leaves) : []);
  const korean = new Set(leaves(ko));
  return [...new Set(leaves({ ...enFrame, resources: resourcesEn }))].filter((text) => !korean.has(text) && !text.includes('%{') && /[A-Za-z]{3,}/.test(text));
}

/**
 * The console's own words on a screen: controls, labels, headings, headers, help and messages, and
 * the names and hints of elements. Records' values (a data type named "Media" in Project
 * Properties, a mail template's subject) are people's data and may read as a catalogue's English.
 */
const CHROME =
  'button, label, legend, th, h1, h2, h3, h4, h5, h6, [role=tab], [role=menuitem], [role=option], [role=alert], [role=status], .MuiFormHelperText-root, .MuiInputLabel-root, .MuiAlert-message, .MuiAlertTitle-root, .MuiTablePagination-root, .RaEmpty-message, .MuiStepLabel-label';

/** One line per visible text of the console's own words on a Korean screen that is a catalogue's English text. */
export async function englishOnKoreanScreen(page: Page, english: string[]): Promise<string[]> {
  const found = await page.evaluate(
    ({ texts, chrome }) => {
      const catalogue = new Set(texts);
      const seen = new Set<string>();
      for (const element of document.body.querySelectorAll('*')) {
        if (element.closest('[aria-hidden=true], script, style, noscript')) continue;
        // Text marked as another language is that language on purpose (the language choice names English in English).
        const marked = element.closest('body [lang]');
        if (marked && !marked.getAttribute('lang')!.startsWith('ko')) continue;
        const own = [...element.childNodes]
          .filter((node) => node.nodeType === Node.TEXT_NODE)
          .map((node) => node.textContent ?? '')
          .join('')
          .trim();
        if (own && catalogue.has(own) && element.closest(chrome) && (element as HTMLElement).checkVisibility?.()) seen.add(own);
        for (const name of ['aria-label', 'placeholder', 'title']) {
          const value = element.getAttribute(name)?.trim();
          if (value && catalogue.has(value)) seen.add(`${name}=${value}`);
        }
      }
      return [...seen];
    },
    { texts: english, chrome: CHROME },
  );
  return found.map((text) => `shows English on a Korean screen: "${text}"`);
}

/**
 * One line per table header drawn on more lines than it has words: a header wrapped inside a word
 * (마/스/터/링, one syllable a line) rather than between words.
 */
export async function headersWrappedMidWord(page: Page): Promise<string[]> {
  const found = await page.evaluate(() =>
    [...document.querySelectorAll('th, [role=columnheader]')].flatMap((header) => {
      const text = (header as HTMLElement).innerText.trim();
      if (!text || !(header as HTMLElement).checkVisibility()) return [];
      const tops = new Set<number>();
      const walker = document.createTreeWalker(header, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top));
      }
      return tops.size > text.split(/\s+/).length ? [`"${text}" on ${tops.size} lines`] : [];
    }),
  );
  return found.map((header) => `a header wraps inside a word: ${header}`);
}

/** A code a person may meet on a screen, with its words in the screen's language. */
export type CodeWordsTable = Record<string, string[]>;

/**
 * Every code of the code table (src/shared/code-lists.ts) with its words in one language, from the
 * catalogue a screen reads them from.
 */
export async function codeWordsTable(language: 'en' | 'ko'): Promise<CodeWordsTable> {
  const { enFrame } = await import('../../src/i18n/en');
  const { resourcesEn } = await import('../../src/i18n/resources/index.en');
  const { ko } = await import('../../src/i18n/ko');
  const { CODE_LISTS } = await import('../../src/shared/code-lists');
  const { codeMessageKey } = await import('../../src/shared/code-sets');
  const catalogue: object = language === 'en' ? { ...enFrame, resources: resourcesEn } : ko;
  const table: CodeWordsTable = {};
  for (const [set, codes] of Object.entries(CODE_LISTS) as [Parameters<typeof codeMessageKey>[0], readonly string[]][]) {
    for (const code of codes) {
      const words = codeMessageKey(set, code)
        .split('.')
        .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), catalogue);
      if (typeof words === 'string') (table[code] ??= []).push(words);
    }
  }
  return table;
}

/**
 * The places a code may be read as it is, each with why. Anything else that reads as a bare code
 * — a whole text, a value of an input, or a list of codes joined by ·, /, or commas — is a finding.
 */
const RAW_CODE_ALLOWED: { screen: RegExp; selector: string; why: string }[] = [
  { screen: /^\/(log\/system|system-logs\/)/, selector: '.column-httpMethod, .ra-field-httpMethod', why: 'the request log records the protocol: GET and POST are what was called' },
  {
    screen: /^\/(system\/project-property|properties\/)/,
    selector: '.column-code, .ra-field-code, .ra-input-code',
    why: 'Project Properties is where codes are made: the code is the record’s own key, its name beside it',
  },
  { screen: /^\/explorer\/[^/]+$/, selector: 'tbody td', why: 'a table’s rows in Data Explorer are people’s data, shown as stored (a MEDIA uploaded in a column stays MEDIA)' },
];

/**
 * One line per code read without its words: a text, a chip, a select's shown value or an input's
 * value that is a code of the table (or a Project Properties code) whose words differ from it. A
 * code in parentheses is allowed only as CodeSmallPrint draws it: in small print after its words.
 */
export async function rawCodeFindings(page: Page, screen: string, table: CodeWordsTable): Promise<string[]> {
  const allowed = RAW_CODE_ALLOWED.filter(({ screen: where }) => where.test(screen))
    .map(({ selector }) => selector)
    .join(', ');
  const found = await page.evaluate(
    ({ table, allowed }) => {
      const words = new Set(Object.values(table).flat());
      // A code whose words are itself (CRM, CSV…) reads the same either way.
      const isRaw = (text: string) => !!table[text] && !words.has(text) && table[text].some((word) => word !== text);
      const readsRaw = (text: string) => !!text && text.split(/\s*[·,/|]\s*/).every(isRaw);
      const skipped = (element: Element) => !!element.closest('[aria-hidden=true], script, style, noscript') || (!!allowed && !!element.closest(allowed));
      const seen = new Set<string>();
      for (const element of document.body.querySelectorAll('*')) {
        if (skipped(element) || !(element as HTMLElement).checkVisibility?.()) continue;
        const own = [...element.childNodes]
          .filter((node) => node.nodeType === Node.TEXT_NODE)
          .map((node) => node.textContent ?? '')
          .join('')
          .trim();
        const small = /^\((.+)\)$/.exec(own);
        if (small && table[small[1]]) {
          // As CodeSmallPrint draws it (src/components/CodeField.tsx): after the words, in one element.
          const beside = element.parentElement?.innerText.replace(own, '').trim();
          if (!element.classList.contains('code-small-print') || !beside) seen.add(`"${own}" in parentheses, not in small print after its words`);
          continue;
        }
        if (readsRaw(own)) seen.add(`"${own}" (${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.split(' ')[0]}` : ''})`);
      }
      // A radio's or checkbox's value is what it sends, not what it shows (its label is read above).
      for (const input of document.querySelectorAll('input:not([type=hidden], [type=radio], [type=checkbox]), textarea')) {
        if (skipped(input)) continue;
        const value = (input as HTMLInputElement).value.trim();
        if (readsRaw(value)) seen.add(`"${value}" in the input ${(input as HTMLInputElement).name || input.id || '(unnamed)'}`);
      }
      return [...seen];
    },
    { table, allowed },
  );
  return found.map((text) => `shows a raw code: ${text}`);
}
