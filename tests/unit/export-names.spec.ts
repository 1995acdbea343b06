import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoFiles } from '../../src/testing/repoFiles';
import { EXPORT_SUBJECT_MAX, exportFileName, exportSubject } from '../../src/shared/export-names';

const root = path.resolve(__dirname, '../..');

/**
 * A file download the console writes: react-admin's downloadCSV or its ExportButton (which writes
 * cells as typed, not formula-safe) in the browser, an attachment answer on the server.
 */
const DOWNLOAD = /downloadCSV\(|import \{[^}]*\bExportButton\b[^}]*\} from 'react-admin'|contentDisposition\(\s*'attachment'|content-disposition'\s*,\s*[`'"]attachment/;

/** Downloads of a file a person stored, served under the name it was stored with: not exports. */
const STORED_FILES = ['server/modules/uploads/index.ts'];

/** Every export of the console, named by the one rule (src/shared/export-names.ts). */
const EXPORTS = {
  'server/http/list-export.ts': 'every list with Export (users, allowed domains, …), written by the server: the list’s name in the reader’s language',
  'server/modules/explorer/index.ts': 'a Data Explorer table: the dataset’s or master table’s name',
  'server/modules/system-logs/index.ts': 'the system log',
  'server/modules/activity/index.ts': 'the activity log, in the reader’s language',
};

describe('export names', () => {
  it('say what the file holds and when, on the reader’s clock: "Monthly budgets KR 2026-11-28 0958.csv"', () => {
    const at = new Date('2026-11-28T00:58:30.340Z');
    expect(exportFileName('Monthly budgets KR', at, 'Asia/Seoul')).toBe('Monthly budgets KR 2026-11-28 0958.csv');
    expect(exportFileName('Monthly budgets KR', at, 'America/Los_Angeles')).toBe('Monthly budgets KR 2026-11-27 1658.csv');
    expect(exportFileName('시스템 로그', at, 'UTC')).toBe('시스템 로그 2026-11-28 0058.csv');
  });

  it('keep only characters every file system and download accepts', () => {
    expect(exportSubject('Q1/Q2: "spend" <KR>*?|\\ budget\r\n\t')).toBe('Q1 Q2 spend KR budget');
    expect(exportSubject('..hidden.')).toBe('hidden');
    expect(exportSubject(' / : ')).toBe('Export');
    expect([...exportSubject('가'.repeat(500))]).toHaveLength(EXPORT_SUBJECT_MAX);
    expect(exportFileName('a'.repeat(500), new Date(), 'UTC').length).toBeLessThan(255);
  });

  it('hold for every export of the console, and nothing downloads a file another way', () => {
    const downloads = repoFiles(['src', 'server']).filter((file) => DOWNLOAD.test(readFileSync(path.join(root, file), 'utf8')));
    expect(downloads.sort()).toEqual([...Object.keys(EXPORTS), ...STORED_FILES].sort());
    for (const file of Object.keys(EXPORTS)) expect(readFileSync(path.join(root, file), 'utf8'), file).toMatch(/\bexport(FileName|BaseName)\(/);
  });
});
