import { describe, expect, it } from 'vitest';
import { codeSetOf, exportableFields, exportColumns, headerOf, plainCell } from '../../server/http/export-cells';
import { declarations } from '../../server/http/resource-declarations';
import { translatorFor } from '../../server/modules/activity/words';
import { csvLine } from '../../src/shared/csv';

const users = declarations.find((declaration) => declaration.name === 'users')!;
const row = {
  id: 7,
  email: 'ann@example.com',
  name: "=HYPERLINK('x')",
  adminLevel: 'SYSTEM',
  approverFlag: 'Y',
  statusCode: 'ACTIVE',
  approvalStatusCode: 'APPROVED',
  locked: 'N',
  lastLoginAt: '2026-11-28T00:58:30.340Z',
};

describe('an export cell', () => {
  it('finds a code field from its schema: the enum matching a code table', () => {
    expect(codeSetOf(users, 'statusCode')).toBe('accountStatus');
    expect(codeSetOf(users, 'approverFlag')).toBe('yesNo');
    expect(codeSetOf(users, 'adminLevel')).toBe('accountLevel');
    expect(codeSetOf(users, 'email')).toBeUndefined();
    expect(exportableFields(users)).toEqual(expect.arrayContaining(['email', 'statusCode', 'lastLoginAt']));
    expect(exportableFields(users)).not.toContain('passwordHash');
  });

  it('writes codes as words in each language, the code beside under "<label> (code)"', () => {
    const en = exportColumns(users, ['email', 'statusCode', 'adminLevel', 'approverFlag'], translatorFor('en'), 'Asia/Seoul');
    expect(en.map((column) => column.header)).toEqual(['E-mail', 'Status', 'Status (code)', 'Level', 'Level (code)', 'Approver', 'Approver (code)']);
    expect(en.map((column) => column.cell(row))).toEqual(['ann@example.com', 'Active', 'ACTIVE', 'System admin', 'SYSTEM', 'Yes', 'Y']);
    const ko = exportColumns(users, ['statusCode', 'approverFlag'], translatorFor('ko'), 'Asia/Seoul', 'ko');
    expect(ko.map((column) => column.header)).toEqual(['상태', '상태 (코드)', expect.any(String), expect.stringMatching(/\(코드\)$/)]);
    const words = ko.map((column) => column.cell(row));
    expect(words[0]).not.toBe('ACTIVE');
    expect(words[0]).toBe(translatorFor('ko')('resources.users.status.ACTIVE'));
    expect(words[2]).toBe(translatorFor('ko')('console.codes.yesNo.Y'));
  });

  it('writes a time on the reader’s clock, naming the zone in its header, and nothing as JSON', () => {
    const [column] = exportColumns(users, ['lastLoginAt'], translatorFor('en'), 'Asia/Seoul');
    expect(column.cell(row)).toBe('2026-11-28 09:58');
    expect(headerOf([column], new Set(['lastLoginAt']), 'Asia/Seoul')).toEqual(['Last sign-in (Asia/Seoul)']);
    expect(plainCell(null, 'UTC')).toBe('');
    expect(plainCell({ code: 'KR', name: 'Korea' }, 'UTC')).toBe('Korea');
    expect(plainCell(['a', 'b'], 'UTC')).toBe('a; b');
  });

  it('is written formula-safe', () => {
    const cells = exportColumns(users, ['name'], translatorFor('en'), 'UTC').map((column) => column.cell(row));
    expect(csvLine(cells)).toBe(`'=HYPERLINK('x')\r\n`);
  });
});
