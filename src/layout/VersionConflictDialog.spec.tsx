import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, ResourceContextProvider, ResourceDefinitionContextProvider, TestMemoryRouter } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { ConsoleNotification } from './ConsoleNotification';
import { VersionConflictDialog } from './VersionConflictDialog';
import { dataProvider } from '../providers/dataProvider';
import { i18nProvider } from '../providers/i18nProvider';
import domains from '../resources/domains';
import { DomainEdit } from '../resources/domains/DomainEdit';
import { versionConflicts } from '../resources/versionConflicts';
import { envelope, stubFetch, type RecordedCall } from '../testing/fetchStub';
import { save } from '../testing/formActions';

afterEach(async () => {
  cleanup();
  versionConflicts.close();
  vi.unstubAllGlobals();
  await i18nProvider.changeLocale('en');
});

const OPENED = { id: 7, domain: 'acme.com', description: 'Old words', activeFlag: 'Y' };
const THEIRS = { ...OPENED, description: "Kim's words" };

/**
 * The server of two people: the form opened version v1; Kim has since saved v2. A save naming v1 is
 * refused as the server refuses it; one naming v2 is made (v3).
 */
function serverWithKimsChange(theirs: Record<string, unknown> = THEIRS, fields = ['description']): RecordedCall[] {
  const { calls } = stubFetch((call) => {
    if (call.method === 'GET') return { body: envelope('SUCCESS', OPENED), headers: { ETag: '"v1"' } };
    if (call.headers['If-Match'] === '"v1"') {
      return {
        status: 412,
        body: envelope('STALE_VERSION', { record: theirs, version: 'v2', changedBy: 'Kim', changedAt: '2026-12-02T05:05:00Z', fields }, 'Kim changed it.'),
      };
    }
    return { body: envelope('SUCCESS', { ...theirs, ...(call.body as object) }), headers: { ETag: '"v3"' } };
  });
  render(
    <TestMemoryRouter initialEntries={['/domains/7']}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <ResourceDefinitionContextProvider definitions={{ domains: { name: 'domains', hasList: true, hasEdit: true, recordRepresentation: domains.recordRepresentation } }}>
          <ResourceContextProvider value="domains">
            <Routes>
              <Route path="/domains/:id" element={<DomainEdit />} />
            </Routes>
          </ResourceContextProvider>
          <VersionConflictDialog />
          <ConsoleNotification />
        </ResourceDefinitionContextProvider>
      </AdminContext>
    </TestMemoryRouter>,
  );
  return calls;
}

async function saveStale(mine: string) {
  await screen.findByDisplayValue('Old words');
  fireEvent.change(screen.getByRole('textbox', { name: 'Description' }), { target: { value: mine } });
  await save();
  return screen.findByRole('dialog', { name: 'Someone else changed this record' });
}

const puts = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'PUT');

describe('a save refused because someone changed the record', () => {
  it('shows their value beside the unsaved one, field by field, and saves mine over theirs from the keyboard', async () => {
    const calls = serverWithKimsChange();
    const dialog = await saveStale('My words');
    expect(within(dialog).getByText(/^Kim changed this record at 2026-12-02 \d\d:05/)).toBeInTheDocument();
    const row = within(dialog).getByRole('row', { name: /Description/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(["Kim's words", 'My words']);
    // Nothing was written yet, and the form still holds what was typed.
    expect(screen.getByRole('textbox', { name: 'Description', hidden: true })).toHaveValue('My words');

    const saveMine = within(dialog).getByRole('button', { name: 'Save mine over it' });
    saveMine.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(puts(calls)[1]).toMatchObject({ headers: { 'If-Match': '"v2"' }, body: { description: 'My words' } });
    expect(await screen.findByText('Domain acme.com saved')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Someone else changed this record' })).not.toBeInTheDocument();
  });

  it('takes theirs into the form, and the next save is made from their version', async () => {
    const calls = serverWithKimsChange();
    const dialog = await saveStale('My words');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Take theirs and keep editing' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue("Kim's words"));
    expect(puts(calls)).toHaveLength(1);
    fireEvent.change(screen.getByRole('textbox', { name: 'Description' }), { target: { value: "Kim's words, and mine" } });
    await save();
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(puts(calls)[1]).toMatchObject({ headers: { 'If-Match': '"v2"' }, body: { description: "Kim's words, and mine" } });
  });

  it('says a code in the words of its choices, as the form does', async () => {
    serverWithKimsChange({ ...OPENED, activeFlag: 'N' }, ['activeFlag']);
    const dialog = await saveStale('My words');
    const cells = (name: RegExp) =>
      within(within(dialog).getByRole('row', { name }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(/^Active/)).toEqual(['No', 'Yes']);
    expect(cells(/^Description/)).toEqual(['Old words', 'My words']);
  });

  it('speaks Korean to a Korean reader', async () => {
    await i18nProvider.changeLocale('ko');
    serverWithKimsChange();
    await screen.findByDisplayValue('Old words');
    fireEvent.change(screen.getByRole('textbox', { name: '설명' }), { target: { value: '내 설명' } });
    const saveButton = screen.getByRole('button', { name: '저장' });
    await waitFor(() => expect(saveButton).toBeEnabled());
    await userEvent.click(saveButton);
    const dialog = await screen.findByRole('dialog', { name: '다른 사람이 이 기록을 바꿨습니다' });
    expect(within(dialog).getByRole('button', { name: '내 값으로 덮어쓰기' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '상대의 값으로 바꾸고 계속 편집' })).toBeInTheDocument();
  });
});
