import { readFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { serverEn, serverPhrasesEn, type ServerMessageKey } from '../../src/i18n/server.en';
import { serverKo, serverPhrasesKo } from '../../src/i18n/server.ko';
import { resourceLabelsKo } from '../../server/http/resource-labels';
import { serverMessageKey, serverTextIn } from '../../src/i18n/serverMessageKey';

/*
 * Every sentence the server writes for a person — an error or success message, an upload problem
 * or reason, a task failure, a run-log line, a field error of its own — is catalogued in
 * src/i18n/server.en.ts with its Korean in server.ko.ts; the server answers a Korean reader with
 * the Korean (server/http/reader-language.ts). This test finds those sentences in server/ by their
 * shape, so a new one fails here until it has words in both languages.
 */

/** Folders whose words are for the operator (CLI, migrations, startup checks) or are a mail's own template. */
const OPERATOR_FOLDERS = /^server\/(ops|db|mail|secrets|metrics)\//;

/** Sentence-shaped texts in the scanned folders that no person reads in the console, and why. */
const NOT_FOR_READERS: Record<string, string> = {
  '%{value} in (%{value})': 'an SQL fragment',
  '%{value} (%{value})': 'a time and its zone (system-log export), not words',
  'REDIS_URL %{value} is unreachable: %{value}. Start Redis or unset REDIS_URL.': "the operator's startup failure",
  'The console is not ready to serve requests.': "the readiness probe's answer to a load balancer",
  'The folder %{value} is writable.': "the file store's startup check (operator log)",
  'The bucket %{value} is reachable; files go to %{value}%{value}%{value}/.': "the file store's startup check (operator log)",
  'The folder %{value} is not writable: %{value}': "the file store's startup check (operator log)",
  'The bucket %{value} cannot be reached: %{value}': "the file store's startup check (operator log)",
  'FILE_STORE %{value}: the bucket %{value} cannot be reached: %{value}': "the file store's startup check (operator log)",
  'Not a relative path: %{value}': 'a programming error (a caller passed an absolute key)',
  '%{value}: %{value}': 'a code or field before a catalogued sentence (a run log\'s "SOURCE_TIMEOUT: …"), which stays and the sentence is rewritten',
};

/** A call whose texts go to the operator's log or describe an API for developers. */
const OPERATOR_CALL = /(\.log\.\w+$|^console\.\w+$|\.describe$)/;

interface Found {
  where: string;
  /** The text with each `${…}` as %{value}. */
  shape: string;
  /** The text with each `${…}` as a sample value, as the server would write it. */
  sample: string;
}

const scannedFiles = () =>
  execSync("git ls-files -co --exclude-standard 'server/**/*.ts'", { encoding: 'utf8' })
    .trim()
    .split('\n')
    .filter((file) => file && !OPERATOR_FOLDERS.test(file));

function serverSentences(): Found[] {
  const found: Found[] = [];
  for (const file of scannedFiles()) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) {
        const parts = ts.isTemplateExpression(node) ? [node.head.text, ...node.templateSpans.map((span) => span.literal.text)] : [node.text];
        const shape = parts.join('%{value}');
        // A sentence, or one that ends quoting a reason ("Snowflake could not be reached: %{value}").
        const ending = /[.?!)]$/.test(shape.trim()) || /[:.] %\{value\}$/.test(shape);
        const sentence = /^(%\{|[A-Z])/.test(shape) && shape.includes(' ') && ending && !shape.includes('{{');
        if (sentence && !(shape in NOT_FOR_READERS) && !inOperatorCall(node)) {
          const where = `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
          found.push({ where, shape, sample: parts.reduce((text, part, index) => `${text}v${index}${part}`) });
        }
        return;
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

/** Every string or template literal of the scanned folders, each `${…}` as %{value}. */
function allShapes(): string[] {
  return scannedFiles().flatMap((file) => {
    const shapes: string[] = [];
    const visit = (node: ts.Node): void => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) shapes.push(node.text);
      else if (ts.isTemplateExpression(node)) shapes.push([node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join('%{value}'));
      ts.forEachChild(node, visit);
    };
    visit(ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true));
    return shapes;
  });
}

function inOperatorCall(node: ts.Node): boolean {
  for (let parent = node.parent, depth = 0; parent && depth < 5; parent = parent.parent, depth += 1) {
    if (ts.isCallExpression(parent) && OPERATOR_CALL.test(parent.expression.getText())) return true;
  }
  return false;
}

const KOREAN = { texts: serverKo, nouns: resourceLabelsKo.nouns, phrases: serverPhrasesKo };

const paramsOf = (text: string) => new Set([...text.matchAll(/%\{(\w+)\}/g)].map((match) => match[1]));

describe('the server’s sentences in English and Korean', () => {
  const found = serverSentences();

  it('finds the sentences it checks (upload problems, task failures, run logs, sign-in refusals among them)', () => {
    expect(found.length).toBeGreaterThan(250);
    for (const file of ['server/modules/uploads/validate.ts', 'server/collect/jobs/collectors.ts', 'server/collect/jobs/run-task.ts', 'server/auth/signin-routes.ts']) {
      expect(
        found.some((sentence) => sentence.where.startsWith(file)),
        file,
      ).toBe(true);
    }
  });

  it('has every sentence the server writes for a person in the catalogue', () => {
    const missing = found.filter(({ sample }) => !serverMessageKey(sample)).map(({ where, shape }) => `${where}  ${shape}`);
    expect(missing, 'add these to src/i18n/server.en.ts and server.ko.ts').toEqual([]);
  });

  it('catalogues no sentence the server no longer writes', () => {
    const written = new Set(found.map(({ sample }) => serverMessageKey(sample)?.key));
    const stale = (Object.keys(serverEn) as ServerMessageKey[]).filter((key) => !written.has(key));
    expect(stale).toEqual([]);
  });

  it('gives every sentence Korean words with the same values (an English plural or optional clause may go)', () => {
    for (const key of Object.keys(serverEn) as ServerMessageKey[]) {
      const english = paramsOf(serverEn[key]);
      const korean = paramsOf(serverKo[key]);
      expect(
        [...korean].filter((name) => !english.has(name)),
        key,
      ).toEqual([]);
      expect(
        [...english].filter((name) => !korean.has(name) && !/^choice\d*$/.test(name)),
        key,
      ).toEqual([]);
      expect(serverKo[key], key).toMatch(/[가-힣]/);
    }
  });

  it('has place phrases the server writes, in Korean with the same values', () => {
    const written = new Set(allShapes());
    for (const [key, phrase] of Object.entries(serverPhrasesEn)) {
      expect(written.has(phrase.replace(/%\{\w+\}/g, '%{value}')), phrase).toBe(true);
      expect([...paramsOf(serverPhrasesKo[key as keyof typeof serverPhrasesEn])]).toEqual([...paramsOf(phrase)]);
    }
    expect(serverTextIn('Too many attempts. Please try again in 3 minute(s).', KOREAN)).toBe('시도가 너무 많습니다. 3분 뒤 다시 시도하세요.');
    expect(serverTextIn('Page 2 of the source is not valid JSON.', KOREAN)).toBe('소스의 2페이지는 올바른 JSON이 아닙니다.');
  });

  it('has Korean for every noun a resource declaration names its records by', () => {
    const declared = execSync("git ls-files -co --exclude-standard 'src/shared/resources/*.ts'", { encoding: 'utf8' }).trim().split('\n').filter(Boolean);
    const nouns = declared.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/^\s*noun: '([^']+)'/gm)].map((match) => match[1]));
    // Each in its resource's Korean label file (`export const nouns`), collected as the server collects them.
    expect(nouns.filter((noun) => !resourceLabelsKo.nouns[noun])).toEqual([]);
    expect(serverTextIn('The market account has been added.', KOREAN)).toBe('마켓 계정을 추가했습니다.');
  });

  it('rewrites a sentence with its values, a quoted one inside it, and joined ones each', () => {
    expect(serverTextIn('date is required.', KOREAN)).toBe('date은(는) 필수입니다.');
    expect(serverTextIn('The source was not called (page 2). Refused: ftp URLs are not called.', KOREAN)).toBe('소스를 호출하지 않았습니다(2페이지). 거부됨: ftp URL은 호출하지 않습니다.');
    expect(serverTextIn('SOURCE_TIMEOUT: The source did not answer within 500 ms (page 1).', KOREAN)).toBe('SOURCE_TIMEOUT: 소스가 500ms 안에 응답하지 않았습니다(1페이지).');
    expect(serverTextIn('Choose a region from the list. Choose a company from the list.', KOREAN)).toBe('목록에서 지역을 선택하세요. 목록에서 회사를 선택하세요.');
    expect(serverTextIn('The template has been saved.', KOREAN)).toBe('템플릿을 저장했습니다.');
    expect(serverTextIn('A cell of the file, as written.', KOREAN)).toBe('A cell of the file, as written.');
  });
});
