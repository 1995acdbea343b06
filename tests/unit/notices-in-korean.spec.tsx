// @vitest-environment node
// The server's own wording (server/http/reader-language.ts) reads its label files from disk, as the server does; the notices render to markup.
import { readFileSync } from 'node:fs';
import type { ReactElement } from 'react';
import ts from 'typescript';
import { renderToStaticMarkup } from 'react-dom/server';
import { CloseNotificationContext, I18nContext } from 'react-admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverTextFor } from '../../server/http/reader-language';
import { enFrame } from '../../src/i18n/en';
import { resourcesEn } from '../../src/i18n/resources/index.en';
import { serverEn, type ServerMessageKey } from '../../src/i18n/server.en';
import { codeValue, recordNoun, sentence, type MessageValue } from '../../src/i18n/serverMessage';
import { ServerErrorAlert } from '../../src/components/ServerErrorAlert';
import { inWords } from '../../src/layout/ConsoleNotification';
import { consoleActions } from '../../src/providers/consoleActions';
import { ApiError, clientSideError, CLIENT_ERROR_CODES } from '../../src/providers/apiError';
import { i18nProvider, loadResourceMessages } from '../../src/providers/i18nProvider';
import { CODE_MESSAGES } from '../../src/shared/code-sets';
import { FILE_PURPOSE_RULES } from '../../src/shared/file-rules';
import { PROPERTY_KINDS } from '../../src/shared/property-kinds';
import { RESULT_STATUS } from '../../src/shared/results';
import { fromRoot, repoFiles } from '../../src/testing/repoFiles';

/*
 * Every notice and error the console can show after a call, rendered the way the console renders
 * it, in Korean and in English:
 * - every result code of the envelope (src/shared/results.ts) and every failure the browser raises
 *   itself (no answer, no envelope, a file over its limit), as the error toast and in place;
 * - every server message key (src/i18n/server.en.ts), with a representative value for each of its
 *   values as the server passes it, worded by the server (serverTextFor, as an answer leaves) and
 *   shown as the error toast's text;
 * - every notice the browser words itself after a save, delete, bulk edit, import, restore or
 *   revert: every catalogue key a `notify(...)` or a success `message:` of src names, and every
 *   key under a resource's `notifications` and `messages`.
 * A failure goes through ConsoleNotification's own wording (react-admin's failure notice carries the
 * ApiError's summary, `CODE: text`, which becomes the ApiErrorToast), a notice through the
 * i18nProvider's translate, as react-admin's Notification does. The toast's Details (the result
 * code, a browser's own English) stay closed: a person opens them on purpose.
 *
 * In Korean, no Latin-script word shows outside PROPER_NAMES (product and format names, units) once
 * e-mail addresses, addresses and file names are set aside, and no code of the code tables or the
 * envelope stands alone. In English no Hangul shows and no key is missing.
 */

/**
 * Latin-script words that are names in Korean too: products, formats, protocols, standards, units,
 * the demo's company, the upload permission's name (UPLOADER, as its screens name it), the names of
 * settings and key fields a message tells an operator or an API caller to set (OUTBOUND_ALLOW, a GCS
 * key's private_key, a request's datasetId) and a Snowflake stage type.
 */
const PROPER_NAMES = new Set([
  'ms',
  'RSA',
  'DTD',
  'DOCTYPE',
  'ISO',
  'CGNAT',
  'UPLOADER',
  'OUTBOUND_ALLOW',
  'LOCAL_FS',
  'token_uri',
  'client_email',
  'private_key',
  'purpose',
  'datasetId',
  'projectId',
  'ftp',
  // The kinds a filter of /api/properties takes, which its refusal lists as a caller must send them
  ...PROPERTY_KINDS.flatMap((kind) => kind.split('-')),
  'Acme',
  'Korea',
  'Tableau',
  'Snowflake',
  'GCS',
  'S3',
  'Azure',
  'AZURE',
  'Google',
  'API',
  'URL',
  'HTTP',
  'HTTPS',
  'HTML',
  'JSON',
  'CSV',
  'XLSX',
  'PDF',
  'PNG',
  'JPEG',
  'WebP',
  'twb',
  'twbx',
  'json',
  'pdf',
  'zip',
  'stored',
  'deflated',
  'SQL',
  'CRM',
  'OTP',
  'IP',
  'ID',
  'KiB',
  'MiB',
  'GiB',
  'TLS',
]);

/** Texts a person typed or a system named (an address, a file, a host), shown as they are: set aside before the words are read. */
const AS_WRITTEN = [
  /\S+@\S+\.\w+/g, // e-mail addresses
  /\b[a-z]+:\/\/\S+/g, // addresses
  /\b[\w.-]+\.(csv|xlsx|zip|json|pdf|png|twb|twbx|example)\b/gi, // file and host names
  /\b[\w-]+\/[\w./-]*/g, // paths (inbox/sales.csv)
  /\b\w+(?:\.\w+|\[\d+\])+/g, // paths into a document (data.rows[0].clicks)
  /\b[YMD]{2,4}(?:[-/][YMD]{2,4})+/g, // date formats (YYYY-MM-DD)
];

/** Every code of the code tables, with the envelope's result codes and the browser's error codes. */
function allCodes(): Set<string> {
  const codes = new Set<string>([...Object.keys(RESULT_STATUS), ...CLIENT_ERROR_CODES]);
  const english = { ...enFrame, resources: resourcesEn } as Record<string, unknown>;
  for (const prefix of Object.values(CODE_MESSAGES)) {
    const table = prefix.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], english);
    for (const code of Object.keys(table as Record<string, string>)) codes.add(code);
  }
  return codes;
}
const CODES = allCodes();

/** The problems of a text a Korean reader sees: Latin words not names, codes standing alone. */
function problemsInKorean(text: string): string[] {
  let words = text;
  for (const pattern of AS_WRITTEN) words = words.replace(pattern, ' ');
  const problems: string[] = [];
  for (const [word] of words.matchAll(/[A-Za-z][A-Za-z0-9_]*[A-Za-z0-9]/g)) {
    if (CODES.has(word) && !PROPER_NAMES.has(word)) problems.push(`code ${word} standing alone`);
    // A word with a digit is an identifier (an error id, MD5, NAT64), written as it is.
    else if (/\d/.test(word)) continue;
    else if (!PROPER_NAMES.has(word)) problems.push(`Latin word "${word}"`);
  }
  if (!/[가-힣]/.test(text)) problems.push('no Korean at all');
  if (text.includes('%{')) problems.push('a value left unfilled');
  return problems;
}

/** Values a person typed, which may be Korean whatever the reader's language. */
const TYPED = () =>
  [...Object.values(VALUES), ...Object.values(VALUES_OF_KEY).flatMap((values) => Object.values(values ?? {})), ...Object.values(noticeArgs('en'))]
    .filter((value): value is string => typeof value === 'string' && /[가-힣]/.test(value))
    .sort((a, b) => b.length - a.length);

function problemsInEnglish(text: string, key?: string): string[] {
  const problems: string[] = [];
  const words = TYPED().reduce((rest, typed) => rest.split(typed).join(' '), text);
  if (/[가-힣]/.test(words)) problems.push('Hangul');
  if (key !== undefined && text === key) problems.push('missing key');
  if (text.includes('%{')) problems.push('a value left unfilled');
  return problems;
}

// ---------------------------------------------------------------------------------------------
// The server's sentences, with values as the server passes them

/** A sentence nested as a value (a reason, a refusal's usages, what could not be reached). */
const NESTED = sentence('collect.theGcsSignIn');

/**
 * A representative value for each value name of server.en.ts, of the kind the server passes
 * (a number; a name a person typed or a system gave, shown as written; a nested sentence; a code
 * worded through its code set). A new value name fails the test until it is given one here.
 */
const VALUES: Record<string, MessageValue> = {
  // Numbers
  ...Object.fromEntries(
    [
      'count',
      'length',
      'length2',
      'id',
      'page',
      'pages',
      'line',
      'rows',
      'removed',
      'total',
      'attempt',
      'max_attempts',
      'round',
      'retentionDays',
      'timeoutMs',
      'index',
      'bytes',
      'seconds',
      'row',
      'rowsRead',
      'problemCount',
      'people',
      'users',
      'mib',
      'mib2',
      'ceil',
      'max',
      'maxPages',
      'maxLineChars',
      'xlsxMaxRatio',
      'fetched',
      'refused',
      'mastered',
      'postConfigId',
      'marketAccountId',
      'termsVersion',
      'termsVersion2',
      'files',
      'remainingAttempts',
      'MAX_ANSWER_BYTES',
      'MAX_CELL_CHARS',
      'MAX_CHART_DAYS',
      'MAX_DATASET_COLUMNS',
      'MAX_DAYS',
      'MAX_REDIRECTS',
      'UPLOAD_FILE_NAME_MAX',
      'UPLOAD_READY_HOURS',
      'status',
    ].map((name) => [name, 3]),
  ),
  // Sizes, as formatBytes writes them
  size: '5 MiB',
  formatBytes: '20 MiB',
  MEGABYTES: '8 MiB',
  MEGABYTES2: '8 MiB',
  // Names a person typed or a system gave, shown as written
  name: 'Acme Korea',
  title: 'Acme 대시보드',
  metricName: 'Acme 일별 클릭',
  tableName: 'Acme 광고',
  who: '김민아',
  email: 'mina@acme.example',
  domain: 'acme.example',
  host: 'api.acme.example',
  host2: 'api.acme.example',
  normalHost: 'api.acme.example',
  normalHost2: 'api.acme.example',
  url: 'https://api.acme.example/report',
  href: 'https://api.acme.example/report',
  origin: 'https://api.acme.example',
  location: 'https://api.acme.example/report',
  sourceShown: 'https://api.acme.example/report',
  dataLocation: 'https://api.acme.example/stage',
  address: '10.0.0.8',
  bucket: 'acme-reports.example',
  file: 'sales.csv',
  originalName: 'sales.csv',
  original_name: 'sales.csv',
  advertiser: 'Acme',
  platform: 'Google',
  accountId: '123-456-7890',
  procedure: 'Acme 일별 수집',
  errorId: 'E1001',
  // Column codes, headers and cells a person wrote in a source, a file or a master table
  code: '클릭수',
  colName: '클릭수',
  field: '클릭수',
  fieldname: '파일',
  header: '클릭수',
  first: '클릭수',
  second: '클릭',
  cell: '12,3x',
  String: '1,2x',
  names: '클릭수, 노출수',
  columns: '클릭수, 노출수',
  missing: '클릭수',
  shown: 'inbox/sales.csv',
  outside: '클릭수',
  unknown: '7',
  fields: '클릭수',
  map: 'Acme 약관',
  rowsPath: 'data.rows',
  key: '클릭수',
  keys: '클릭수, 노출수',
  sort: '클릭수',
  PROPERTY_KINDS: PROPERTY_KINDS.join(', '),
  text: '확인했습니다.',
  // Dates and times, as the server writes them
  when: '2026-12-04 17:00',
  date: '2026-05-05',
  from: '2026-12-01',
  to: '2026-12-03',
  // Formats, methods and protocols: names of their own
  format: 'CSV',
  contentType: 'text/html',
  locationType: 'S3',
  protocol: 'ftp:',
  method: 8,
  // Words the server passes as nested sentences
  what: NESTED,
  where: NESTED,
  reason: NESTED,
  reasons: { sentences: [NESTED] },
  problem: NESTED,
  problems: { clauses: [NESTED] },
  message: NESTED,
  refusals: { sentences: [NESTED] },
  usages: [NESTED],
  kind: NESTED,
  label: NESTED,
  action: sentence('users.action.unlock'),
  WHAT: sentence('collect.finishedTasks'),
  step: sentence('collect.tableauSignIn'),
  purpose: sentence('files.purposeTemplatePreview'),
  record: NESTED,
  backup: NESTED,
  noun: recordNoun('market account'),
  // Words in the language of a mail or a log already (an alert mail's summary)
  state: '실패',
  FAILURE_REASONS: '소스가 응답하지 않았습니다',
  // Codes worded through their code set
  level: codeValue('accountLevel', 'GLOBAL'),
  type: codeValue('emailTemplateType', 'password-reset'),
  type2: codeValue('emailTemplateType', 'password-reset'),
  type3: codeValue('emailTemplateType', 'password-reset'),
  dataType: codeValue('projectDataType', 'RETAIL'),
  data_type_code: codeValue('projectDataType', 'MEDIA'),
  sourceType: codeValue('sourceType', 'API'),
  // An English plural or choice, which Korean leaves out
  choice: 'deleted',
  choice2: 'them',
};

/** Where one key's value of a name is of another kind than the name's usual one. */
const VALUES_OF_KEY: Partial<Record<ServerMessageKey, Record<string, MessageValue>>> = {
  'collect.onlyAFailedTaskCan': { status: codeValue('taskStatus', 'STARTED') },
  // A code the data types do not hold has no words: it is quoted back as the caller sent it.
  'datasets.isNotADataType': { dataType: '소셜미디어' },
};

const valueNamesOf = (text: string) => [...new Set([...text.matchAll(/%\{(\w+)\}/g)].map((match) => match[1]))];

function serverSentence(key: ServerMessageKey) {
  const values = Object.fromEntries(valueNamesOf(serverEn[key]).map((name) => [name, VALUES_OF_KEY[key]?.[name] ?? VALUES[name]]));
  return sentence(key, values);
}

/** Whether a value of a key is words the server must pass as words: a code of a code set, or a word of the catalogue. */
function wordValued(key: ServerMessageKey, name: string): boolean {
  const value = VALUES_OF_KEY[key]?.[name] ?? VALUES[name];
  if (typeof value === 'object' && value !== null && 'set' in value) return true;
  return VALUES_OF_KEY[key]?.[name] === undefined && ['action', 'WHAT', 'step', 'purpose', 'label'].includes(name);
}

/**
 * Where the server passes a word-valued value as a literal or a record's field (`task.status`,
 * `'unlock'`) rather than through codeValue() or sentence(): the Korean sentence would show a code or
 * an English word, whatever VALUES says the value is.
 */
function valuesNotWorded(): string[] {
  const found: string[] = [];
  const files = repoFiles('server').filter((file) => !/^server\/(ops|db)\//.test(file));
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(fromRoot(file), 'utf8'), ts.ScriptTarget.Latest, true);
    const bare = (node: ts.Expression): boolean =>
      ts.isConditionalExpression(node) ? bare(node.whenTrue) || bare(node.whenFalse) : ts.isStringLiteralLike(node) || ts.isTemplateExpression(node) || ts.isPropertyAccessExpression(node);
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && node.expression.getText() === 'sentence' && node.arguments.length === 2) {
        const [keyNode, values] = node.arguments;
        if (ts.isStringLiteral(keyNode) && keyNode.text in serverEn && ts.isObjectLiteralExpression(values)) {
          for (const property of values.properties) {
            if (!ts.isPropertyAssignment(property) || !wordValued(keyNode.text as ServerMessageKey, property.name.getText())) continue;
            if (bare(property.initializer)) found.push(`${file}:${source.getLineAndCharacterOfPosition(property.getStart()).line + 1} ${keyNode.text} ${property.getText()}`);
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// The notices the browser words itself

type Catalogue = Record<string, unknown>;

const leavesOf = (node: unknown, path: string): string[] =>
  typeof node === 'string' ? [path] : typeof node === 'object' && node !== null ? Object.entries(node).flatMap(([name, child]) => leavesOf(child, `${path}.${name}`)) : [];

/** Catalogue keys named in the source by a notify(...) call or a success toast's `message:`. */
function noticeKeysInSource(): string[] {
  const keys = new Set<string>();
  for (const file of repoFiles(['src/components', 'src/layout', 'src/pages', 'src/profile', 'src/resources', 'src/routes'])) {
    const text = readFileSync(fromRoot(file), 'utf8');
    for (const call of text.matchAll(/\b(?:notify\(|message:\s*)([^;]{0,300})/g)) {
      for (const key of call[1].matchAll(/'((?:resources|console|ra)\.[\w.-]+)'/g)) keys.add(key[1]);
    }
  }
  return [...keys];
}

function noticeKeys(): string[] {
  const resources = resourcesEn as Catalogue;
  const underResources = Object.keys(resources).flatMap((resource) =>
    ['notifications', 'messages'].flatMap((group) => leavesOf((resources[resource] as Catalogue)[group], `resources.${resource}.${group}`)),
  );
  const react = leavesOf((enFrame as unknown as { ra: { notification: unknown } }).ra.notification, 'ra.notification');
  return [...new Set([...noticeKeysInSource(), ...underResources, ...react])].sort();
}

/** Values a browser notice names, as the screens pass them: a code's words in the reader's language, anything else as written. */
const noticeArgs = (locale: 'en' | 'ko') => ({
  type: locale === 'ko' ? '비밀번호 재설정' : 'Password reset',
  dataType: locale === 'ko' ? '리테일' : 'Retail',
  fields: locale === 'ko' ? '상태, 국가' : 'status, country',
  reason: locale === 'ko' ? '파일이 너무 큽니다.' : 'The file is too large.',
  at: '2026-12-04 17:00',
  time: '2026-12-04 17:00',
  path: 'data.rows[0].clicks',
  code: '클릭수',
  max: 3,
  previous: 2,
  size: '20 MiB',
  shown: 3,
  name: 'Acme Korea',
  email: 'mina@acme.example',
  metric: 'Acme 일별 클릭',
  title: 'Acme 대시보드',
  file: 'sales.csv',
  smart_count: 3,
  count: 3,
  total: 3,
  days: 30,
  removed: 3,
  changed: 3,
  created: 3,
  updated: 3,
  skipped: 3,
  deleted: 3,
  restored: 3,
  rows: 3,
  from: '2026-12-01',
  to: '2026-12-03',
  version: 3,
  reference: 'Acme Korea',
});

// ---------------------------------------------------------------------------------------------
// Rendering

const SEPARATOR = '\u241E';

/** Each element's visible text (its markup's text), rendered once with the locale's words and a toast's close, as react-admin's Notification gives them. */
async function textsOf(locale: 'en' | 'ko', elements: ReactElement[]): Promise<string[]> {
  await i18nProvider.changeLocale(locale);
  const markup = renderToStaticMarkup(
    <I18nContext.Provider value={i18nProvider}>
      <CloseNotificationContext.Provider value={() => undefined}>
        {elements.map((element, index) => (
          <div key={index}>
            {element}
            {SEPARATOR}
          </div>
        ))}
      </CloseNotificationContext.Provider>
    </I18nContext.Provider>,
  );
  const text = markup
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'");
  return text
    .split(SEPARATOR)
    .slice(0, elements.length)
    .map((one) => one.replace(/\s+/g, ' ').trim());
}

/** A failure as react-admin's failure notice carries it, worded by ConsoleNotification. */
function failureNotice(error: ApiError): ReactElement {
  const worded = inWords({ type: 'error', message: error.summary });
  if (!worded || typeof worded.message === 'string') throw new Error(`${error.summary} was not worded as the error toast`);
  return worded.message as ReactElement;
}

/** The refusal of a file over its purpose's limit, which the browser makes before sending it. */
async function tooLargeRefusal(): Promise<ApiError> {
  const purpose = 'template-preview';
  try {
    await consoleActions.uploadFile(new File([new Uint8Array(FILE_PURPOSE_RULES[purpose].maxBytes + 1)], 'big.png'), purpose);
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('the browser sent a file over the limit');
}

/** Every failure the browser makes itself, from the functions that make them. */
const browserFailures = async (): Promise<ApiError[]> => [
  await tooLargeRefusal(),
  clientSideError(new Error('x'), true, 30_000),
  clientSideError(new DOMException('x', 'AbortError'), false, 30_000),
  clientSideError(new TypeError('Failed to fetch'), false, 30_000),
  new ApiError({ status: 502, code: 'ERR_BAD_RESPONSE', message: 'Request failed with status code 502' }),
  new ApiError({ status: 404, code: 'ERR_BAD_REQUEST', message: 'Request failed with status code 404' }),
  new ApiError({ status: 500, message: undefined }),
];

interface Shown {
  what: string;
  text: string;
}

const KEYS = Object.keys(serverEn) as ServerMessageKey[];
const RESULT_CODES = Object.keys(RESULT_STATUS);

async function everyNotice(locale: 'en' | 'ko'): Promise<Shown[]> {
  const failures: [string, ApiError][] = [
    ...RESULT_CODES.map((code): [string, ApiError] => [`result ${code}`, new ApiError({ status: 400, result: code, resultMessage: serverTextFor(sentence('common.success'), locale) })]),
    ...(await browserFailures()).map((error): [string, ApiError] => [`browser failure ${error.code ?? 'without a code'}`, error]),
    ...KEYS.map((key, index): [string, ApiError] => {
      const code = RESULT_CODES[index % RESULT_CODES.length];
      return [`server message ${key} (as ${code})`, new ApiError({ status: 400, result: code, resultMessage: serverTextFor(serverSentence(key), locale) })];
    }),
  ];
  // A browser failure also shows in place, beside the form it refused, with its field errors.
  const inPlace = (await browserFailures()).map((error): [string, ReactElement] => [`browser failure ${error.code ?? 'without a code'} in place`, <ServerErrorAlert error={error} />]);
  const elements: [string, ReactElement][] = [...failures.map(([what, error]): [string, ReactElement] => [what, failureNotice(error)]), ...inPlace];
  const texts = await textsOf(
    locale,
    elements.map(([, element]) => element),
  );
  const shown: Shown[] = elements.map(([what], index) => ({ what, text: texts[index] }));
  for (const key of noticeKeys()) shown.push({ what: `notice ${key}`, text: i18nProvider.translate(key, noticeArgs(locale)) });
  return shown;
}

describe('every notice and error, as the console shows it', () => {
  beforeAll(loadResourceMessages);
  afterAll(() => i18nProvider.changeLocale('en'));

  it('gives every value name of the server’s messages a representative value', () => {
    const names = new Set(KEYS.flatMap((key) => valueNamesOf(serverEn[key])));
    expect([...names].filter((name) => !(name in VALUES))).toEqual([]);
  });

  it('has the server pass every word-valued value as words, as VALUES gives it', () => {
    expect(valuesNotWorded(), 'pass a code as codeValue(set, code) and a word as sentence(key)').toEqual([]);
  });

  it('finds the class to check', () => {
    expect(RESULT_CODES.length).toBeGreaterThan(25);
    expect(KEYS.length).toBeGreaterThan(400);
    expect(noticeKeys().length).toBeGreaterThan(60);
  });

  it('shows every one in Korean: no Latin word but names, no code standing alone', async () => {
    const shown = await everyNotice('ko');
    const problems = shown.flatMap(({ what, text }) => problemsInKorean(text).map((problem) => `${what}: ${problem} — ${text}`));
    expect(problems).toEqual([]);
  });

  it('shows every one in English without Hangul or a missing key', async () => {
    const shown = await everyNotice('en');
    const problems = shown.flatMap(({ what, text }) =>
      problemsInEnglish(text, what.startsWith('notice ') ? what.slice('notice '.length) : undefined).map((problem) => `${what}: ${problem} — ${text}`),
    );
    expect(problems).toEqual([]);
  });
});
