import { readFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { serverEn, type ServerMessageKey } from '../../src/i18n/server.en';
import { serverKo } from '../../src/i18n/server.ko';
import { resourceLabelsKo } from '../../server/http/resource-labels';
import { assertValid } from '../../server/collect/jobs/master-mapping';
import { inEnglish, recordNoun, renderServerText, sentence, withParticles } from '../../src/i18n/serverMessage';

/*
 * Every sentence the server writes for a person — an error or success message, an upload problem
 * or reason, a task failure, a run-log line, an access-history detail — is a key of
 * src/i18n/server.en.ts with values, made by sentence() and put into words when read
 * (server/http/reader-language.ts). AppError, success(), a task's log and failure and an access
 * record take only such a message (the type system holds them); this test walks server/ for a
 * literal English sentence written anywhere else, and holds every key used to words in both languages.
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
  '%{value}: %{value}': "a field before its field error's words in the validation summary (rendered from the field's own key)",
};

/** A call whose texts go to the operator's log or describe an API for developers. */
const OPERATOR_CALL = /(\.log\.\w+$|^console\.\w+$|\.describe$)/;

interface Found {
  where: string;
  /** The text with each `${…}` as %{value}. */
  shape: string;
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
          found.push({ where, shape });
        }
        return;
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

function inOperatorCall(node: ts.Node): boolean {
  for (let parent = node.parent, depth = 0; parent && depth < 5; parent = parent.parent, depth += 1) {
    if (ts.isCallExpression(parent) && OPERATOR_CALL.test(parent.expression.getText())) return true;
  }
  return false;
}

const paramsOf = (text: string) => new Set([...text.matchAll(/%\{(\w+)\}/g)].map((match) => match[1]));

/** Every key a server file names in sentence('…'), or as a quoted key of the catalogue (a usage's label). */
function usedKeys(): Set<string> {
  const keys = new Set<string>();
  for (const file of [...scannedFiles(), 'server/http/envelope.ts']) {
    for (const match of readFileSync(file, 'utf8').matchAll(/'([a-zA-Z]+\.[a-zA-Z0-9.]+)'/g)) if (match[1] in serverEn) keys.add(match[1]);
  }
  return keys;
}

/** The message of the failure assertValid throws for these rows. */
function failureOf(errors: Parameters<typeof assertValid>[0]): string {
  try {
    assertValid(errors);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('no failure');
}

const KOREAN_WORDS = { texts: serverKo, nouns: resourceLabelsKo.nouns, listSeparator: ', ', finish: withParticles };

describe('the server’s sentences as message keys', () => {
  const found = serverSentences();

  it('writes no literal English sentence for a person outside a message key', () => {
    expect(
      found.map(({ where, shape }) => `${where}  ${shape}`),
      'make these sentence(key, values) with the key in src/i18n/server.en.ts and server.ko.ts',
    ).toEqual([]);
  });

  it('catalogues only keys the server uses', () => {
    const used = usedKeys();
    expect((Object.keys(serverEn) as ServerMessageKey[]).filter((key) => !used.has(key) && key !== 'common.asWritten')).toEqual([]);
  });

  it('gives every key Korean words with the same values (an English plural or optional clause may go)', () => {
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
      if (!['common.asWritten', 'collect.failedWithCode', 'collect.problemsOfARow'].includes(key)) expect(serverKo[key], key).toMatch(/[가-힣]/);
    }
  });

  it('renders a message with nested messages, a list, a noun and particles, in either language', () => {
    const usages = [sentence('properties.usage.userOfficeMany', { count: 17 }), sentence('properties.usage.userCountryMany', { count: 22 })];
    const refusal = sentence('properties.itCannotBeDeleted', { usages: sentence('properties.isUsedByRecords', { code: 'KR', total: 39, usages }) });
    expect(inEnglish(refusal)).toBe('It cannot be deleted: KR is used by 39 records (17 users (country of office), 22 user country connections).');
    expect(renderServerText(refusal, KOREAN_WORDS)).toBe('삭제할 수 없습니다: KR은(는) 레코드 39건에서 사용 중입니다(사용자 17명(근무 국가), 사용자 국가 연결 22건).');
    expect(renderServerText(sentence('crud.theHasBeenAdded', { noun: recordNoun('market account') }), KOREAN_WORDS)).toBe('마켓 계정을 추가했습니다.');
    const line = sentence('collect.couldNotBeReached', { what: sentence('collect.theGcsSignIn'), reason: 'ECONNREFUSED' });
    expect(renderServerText(line, KOREAN_WORDS)).toBe('GCS 로그인에 연결할 수 없습니다: ECONNREFUSED');
    expect(renderServerText(sentence('auth.passwordChanged'), KOREAN_WORDS)).toBe('비밀번호를 변경했습니다.');
  });

  it('renders a master validation failure: each row’s problems after its row, rows and problems joined by semicolons', () => {
    const failure = failureOf([
      { row: 2, message: sentence('collect.isNotANumber', { code: 'clicks', String: '1,2x' }) },
      {
        row: 3,
        message: sentence('collect.problemsOfARow', { problems: { clauses: [sentence('collect.isRequired', { code: 'date' }), sentence('collect.isNotANumber', { code: 'clicks', String: 'x' })] } }),
      },
    ]);
    expect(inEnglish(failure)).toBe('2 rows fail master validation: row 2: clicks is not a number (1,2x); row 3: date is required; clicks is not a number (x)');
    expect(renderServerText(failure, KOREAN_WORDS)).toBe('마스터 검증에 실패한 행이 2개입니다: 2행: clicks이(가) 숫자가 아닙니다(1,2x); 3행: date은(는) 필수입니다; clicks이(가) 숫자가 아닙니다(x)');
    const many = Array.from({ length: 20 }, (_, index) => ({ row: index + 1, message: sentence('collect.isRequired', { code: 'date' }) }));
    expect(renderServerText(failureOf(many), KOREAN_WORDS)).toMatch(/^마스터 검증에 실패한 행이 20개 이상입니다: 1행: date은\(는\) 필수입니다; 2행: /);
  });

  it('reads any other text (a row stored before messages were keys, a third party’s words) as it was written, in either language', () => {
    expect(inEnglish('Wrong password.')).toBe('Wrong password.');
    expect(renderServerText('Wrong password.', KOREAN_WORDS)).toBe('Wrong password.');
  });
});
