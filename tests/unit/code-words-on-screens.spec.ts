import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsxElementsOf } from '../../src/testing/jsxElements';
import { fromRoot, REPO_ROOT, repoFiles } from '../../src/testing/repoFiles';

/**
 * Every list column, show field and input of the resource screens whose source holds a code must
 * draw it through the code table (CodeField, CodeChip, PropertyCodeField, codeChoices) or a code
 * table input (CodeInput), never as the bare value. The screens are enumerated by scanning the
 * source of src/resources: each JSX element naming a `source` is read with its attributes.
 */
const ROOT = REPO_ROOT;
const RESOURCES = 'src/resources';

/** Record fields that hold a code, in any resource. */
const CODE_SOURCES = new Set([
  'dataType',
  'dataSource',
  'dashboardType',
  'sourceType',
  'targetMethod',
  'responseFormat',
  'scheduleType',
  'scheduledDay',
  'processType',
  'taskKind',
  'statusCode',
  'approvalStatusCode',
  'approverFlag',
  'creatorFlag',
  'uploaderFlag',
  'fieldFlag',
  'masterFlag',
  'advertiser',
  'country',
  'colType',
  'eventType',
  'schema',
  'errorId',
]);

/**
 * Fields of those names that hold something else where they are: the users list's country and a
 * project share's country are names (the server joins them); an alert mail's error id
 * is typed freely (any procedure's error id, or * for any), and one the code table does not know
 * shows as typed.
 */
const NAMES_NOT_CODES = new Set([
  'src/resources/users/UserList.tsx country',
  'src/resources/alert-mails/AlertMailInputs.tsx errorId',
  'src/resources/alert-mails/AlertMailList.tsx errorId',
  'src/resources/alert-mails/AlertErrorField.tsx errorId',
  'src/resources/projects/SharePanel.tsx country',
]);

/** Elements that show their source's value as it is when nothing else is said. */
const SHOWS_AS_IS = /^(TextField|Column|\w+Column|DataTable\.Col)$/;
/** Inputs in which a person would type or pick a bare code. */
const TYPES_A_CODE = /^(TextInput)$/;

/** The screen files (.tsx, specs left out) under a repository folder, as absolute paths. */
const screenFiles = (folder: string) => repoFiles(folder, { names: /\.tsx$/ }).map(fromRoot);

const sourceOf = (attributes: string) => /\bsource="(\w+)"/.exec(attributes)?.[1];

function rawCodes(): string[] {
  return screenFiles(RESOURCES).flatMap((file) =>
    jsxElementsOf(readFileSync(file, 'utf8')).flatMap(({ tag, attributes, selfClosing, line }) => {
      const source = sourceOf(attributes);
      if (!source || !CODE_SOURCES.has(source)) return [];
      if (NAMES_NOT_CODES.has(`${relative(ROOT, file)} ${source}`)) return [];
      const where = `${relative(ROOT, file)}:${line} <${tag} source="${source}">`;
      if (SHOWS_AS_IS.test(tag) && selfClosing && !/\b(field|render)=/.test(attributes)) return [where];
      // A record's link shows its source's value as the link's text.
      if (/\bfield=\{RecordLink\}/.test(attributes)) return [where];
      if (TYPES_A_CODE.test(tag)) return [where];
      return [];
    }),
  );
}

/** Where the screens live: resources, and the shared components, pages and profile that draw records too. */
const SCREEN_FOLDERS = ['src/resources', 'src/components', 'src/pages', 'src/profile', 'src/layout'];

/**
 * A code field written straight into a hand-made table or text as a JSX child, `{row.dataType}`
 * (optionally `?? '—'`): it shows the bare value. A status is a code wherever it is.
 */
const HAND_MADE = new RegExp(String.raw`(?:^|>)\s*\{\s*\w+(?:\??\.\w+)*\??\.(${[...CODE_SOURCES, 'status'].join('|')})\s*(?:\?\?[^}]*)?\}`, 'gm');

function handMadeCodes(): string[] {
  return SCREEN_FOLDERS.flatMap(screenFiles).flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    return [...text.matchAll(HAND_MADE)]
      .filter((match) => !NAMES_NOT_CODES.has(`${relative(ROOT, file)} ${match[1]}`))
      .map((match) => `${relative(ROOT, file)}:${text.slice(0, match.index + match[0].indexOf('{')).split('\n').length} ${match[0].replace(/^>/, '').trim()}`);
  });
}

/** Choices written out as their own codes (`{ id: code, name: code }`) instead of codeChoices. */
function verbatimChoices(): string[] {
  return [...screenFiles(RESOURCES), ...screenFiles('src/components')].flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((text, index) => (/\bname:\s*(id|code|method|type|value)\s*[,}]/.test(text) ? [`${relative(ROOT, file)}:${index + 1}`] : [])),
  );
}

/** The request log's filter offers HTTP methods and status classes: in a request log those are the words. */
const PROTOCOL_CHOICES = new Set(['src/resources/system-logs/SystemLogList.tsx']);

describe('codes on the resource screens', () => {
  it('finds the screens to check', () => {
    const files = screenFiles(RESOURCES);
    expect(files.length).toBeGreaterThan(100);
    const checked = files.flatMap((file) => jsxElementsOf(readFileSync(file, 'utf8')).filter(({ attributes }) => CODE_SOURCES.has(sourceOf(attributes) ?? '')));
    expect(checked.length).toBeGreaterThan(40);
  });

  it('shows no code field as its bare value', () => {
    expect(
      rawCodes(),
      'Draw a code through its code table: a column or show field as <PropertyCodeField kind="countries" source="country" /> (or CodeField / CodeChip for the fixed code lists), ' +
        'an input as <CodeInput kind="countries" source="country" />; the server refuses a code its table does not hold with unknownCode (server/collect/code-tables.ts) in the module\'s `check` hook. ' +
        'A field of that name holding a name rather than a code goes in NAMES_NOT_CODES with the reason.',
    ).toEqual([]);
  });

  it('writes no code field into a hand-made table or text as its bare value', () => {
    expect(handMadeCodes(), 'Write the code through <CodeField> / <PropertyCodeField code={row.x} kind="..." /> instead of {row.x}.').toEqual([]);
  });

  it('builds no choices from bare codes', () => {
    expect(verbatimChoices().filter((where) => !PROTOCOL_CHOICES.has(where.replace(/:\d+$/, '')))).toEqual([]);
  });
});
