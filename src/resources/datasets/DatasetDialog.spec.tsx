import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18nProvider } from '../../providers/i18nProvider';
import { envelope, stubFetch } from '../../testing/fetchStub';
import { renderPage } from '../../testing/renderPage';
import { DatasetDialog } from './DatasetDialog';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18nProvider.changeLocale('en');
});

function renderDialog() {
  const { calls } = stubFetch((call) => {
    if (call.url.startsWith('/api/datasets/options')) return { body: envelope('SUCCESS', { dataTypes: [{ code: 'MEDIA', name: 'Media' }] }) };
    return { body: envelope('SUCCESS', { id: 1 }) };
  });
  renderPage(<DatasetDialog open onClose={() => {}} onSaved={() => {}} />);
  return { saves: () => calls.filter((call) => call.method === 'POST') };
}

const dialog = () => screen.getByRole('dialog');
const titleInput = () => within(dialog()).getAllByRole('textbox')[0];

describe('Dataset dialog validation', () => {
  it('says nothing before a save, then clears a message as soon as its field is fixed', async () => {
    const { saves } = renderDialog();
    expect(within(dialog()).queryByText('Title is required.')).not.toBeInTheDocument();
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await within(dialog()).findByText('Title is required.')).toBeInTheDocument();
    expect(within(dialog()).getByText('Column name is required.')).toBeInTheDocument();
    fireEvent.change(titleInput(), { target: { value: 'Spring sales' } });
    await waitFor(() => expect(within(dialog()).queryByText('Title is required.')).not.toBeInTheDocument());
    expect(within(dialog()).getByText('Column name is required.')).toBeInTheDocument();
    expect(saves()).toHaveLength(0);
  });

  it('shows the shared rules in Korean, never English or zod text', async () => {
    await i18nProvider.changeLocale('ko');
    renderDialog();
    await userEvent.click(within(dialog()).getByRole('button', { name: '저장' }));
    expect(await within(dialog()).findByText('제목은 필수입니다.')).toBeInTheDocument();
    expect(within(dialog()).getByText('컬럼 이름은 필수입니다.')).toBeInTheDocument();
    expect(within(dialog()).queryByText(/required|Invalid input|expected/i)).not.toBeInTheDocument();
  });
});

describe('Dataset dialog on a dataset that holds rows', () => {
  const dataset = {
    id: 7,
    title: 'March media',
    dataType: 'MEDIA',
    dataTypeName: 'Media',
    description: null,
    rowCount: 1200,
    schemaLocked: true,
    schemaInfo: [
      { colName: 'date', colType: 'DATE' as const, required: true, key: true },
      { colName: 'clicks', colType: 'VARCHAR' as const, required: false, key: false },
    ],
    createdBy: null,
    createdAt: '2026-01-01T00:00:00Z',
    updatedBy: null,
    updatedAt: '2026-01-01T00:00:00Z',
  };

  it('keeps the stored columns fixed and adds an optional column at the end', async () => {
    const { calls } = stubFetch((call) => {
      if (call.url.startsWith('/api/datasets/options')) return { body: envelope('SUCCESS', { dataTypes: [{ code: 'MEDIA', name: 'Media' }] }) };
      return { body: envelope('SUCCESS', dataset) };
    });
    renderPage(<DatasetDialog dataset={dataset} open onClose={() => {}} onSaved={() => {}} />);
    expect(await within(dialog()).findByText(/holds 1,200 rows, so its columns are fixed; you can add optional columns at the end/)).toBeInTheDocument();
    const names = () => within(dialog()).getAllByRole('textbox', { name: 'Column name' });
    expect(names().map((input) => (input as HTMLInputElement).disabled)).toEqual([true, true]);

    await userEvent.click(within(dialog()).getByRole('button', { name: 'Add column' }));
    expect(names()).toHaveLength(3);
    expect((names()[2] as HTMLInputElement).disabled).toBe(false);
    fireEvent.change(names()[2], { target: { value: 'spend' } });
    const required = within(dialog()).getAllByRole('checkbox', { name: 'Required' });
    expect((required[2] as HTMLInputElement).disabled).toBe(true);
    expect((within(dialog()).getByRole('button', { name: 'Remove column spend' }) as HTMLButtonElement).disabled).toBe(false);
    expect((within(dialog()).getByRole('button', { name: 'Remove column clicks' }) as HTMLButtonElement).disabled).toBe(true);

    await userEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    const put = calls.find((call) => call.method === 'PUT')!;
    expect((put.body as { schemaInfo: { colName: string; required: boolean }[] }).schemaInfo.map((column: { colName: string; required: boolean }) => [column.colName, column.required])).toEqual([
      ['date', true],
      ['clicks', false],
      ['spend', false],
    ]);
  });
});

describe('Dataset dialog started from a file', () => {
  it('fills the title and columns the server proposes from the file, ready to edit', async () => {
    const { calls } = stubFetch((call) => {
      if (call.url.startsWith('/api/datasets/options')) return { body: envelope('SUCCESS', { dataTypes: [{ code: 'MEDIA', name: 'Media' }] }) };
      if (call.url.startsWith('/api/datasets/infer')) {
        return {
          body: envelope('SUCCESS', {
            title: 'spring',
            sampledRows: 2,
            schemaInfo: [
              { colName: 'Day', colType: 'DATE', required: false, key: false },
              { colName: 'spend', colType: 'NUMBER', required: false, key: false },
              { colName: 'store', colType: 'VARCHAR', required: false, key: false },
            ],
            reasons: [
              { reason: 'DATES', count: 2, example: '2024-01-01' },
              { reason: 'NUMBERS', count: 1, example: '3' },
              { reason: 'LEADING_ZERO', count: 2, example: '007' },
            ],
          }),
        };
      }
      return { body: envelope('SUCCESS', { id: 1 }) };
    });
    renderPage(<DatasetDialog open onClose={() => {}} onSaved={() => {}} />);
    const input = dialog().querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.upload(input, new File(['Day,spend\n2024-01-01,3\n'], 'spring.csv', { type: 'text/csv' }));
    expect(await within(dialog()).findByText(/Columns proposed from the header of spring\.csv and its first 2 rows/)).toBeInTheDocument();
    expect(calls.find((call) => call.url.startsWith('/api/datasets/infer'))?.method).toBe('POST');
    expect((titleInput() as HTMLInputElement).value).toBe('spring');
    const names = within(dialog()).getAllByRole('textbox', { name: 'Column name' }) as HTMLInputElement[];
    expect(names.map((field) => [field.value, field.disabled])).toEqual([
      ['Day', false],
      ['spend', false],
      ['store', false],
    ]);
    // Each proposed type says why, under its column; the reason goes once the column is renamed.
    expect(
      within(dialog())
        .getAllByTestId('infer-reason')
        .map((reason) => reason.textContent),
    ).toEqual([
      'Proposed as a date: all 2 values read are dates, such as 2024-01-01.',
      'Proposed as a number: the value read, 3, is a number.',
      'Proposed as text: numbers that start with 0, such as 007, are usually codes.',
    ]);
    expect(within(dialog()).getAllByRole('combobox', { name: 'Type' })[1]).toHaveTextContent(/^Number$/);
    await userEvent.type(names[1], '_total');
    expect(within(dialog()).getAllByTestId('infer-reason')).toHaveLength(2);
  });
});
