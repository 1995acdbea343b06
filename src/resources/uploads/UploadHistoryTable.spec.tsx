import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { uploadExpiresAt, type UploadHistory } from '../../shared';
import { formatConsoleDate } from '../../components/ConsoleDateField';
import { envelope, stubFetch } from '../../testing/fetchStub';
import { renderPage } from '../../testing/renderPage';
import { UploadHistoryTable } from './UploadHistoryTable';
import { stubWindowWidth } from '../../testing/windowWidth';

afterEach(() => vi.unstubAllGlobals());

const checkedAt = '2026-11-28T00:58:00.000Z';
const upload = (id: number, status: UploadHistory['status'], fileName: string): UploadHistory => ({
  id,
  datasetId: 1,
  datasetTitle: 'Monthly budgets KR',
  fileName,
  sizeBytes: 100,
  status,
  reason: null,
  mode: null,
  rowCount: 15,
  uploadedCount: 0,
  problemCount: 0,
  addedCount: null,
  replacedCount: null,
  removedCount: null,
  updatedBy: 'Mina Park',
  updatedAt: checkedAt,
  createdAt: checkedAt,
  expiresAt: status === 'READY' ? uploadExpiresAt(checkedAt) : null,
  fileUrl: status === 'READY' ? `/api/uploads/${id}/file?token=t` : null,
});

describe('Upload history', () => {
  it('says when a waiting upload expires, resumes it, and discards it only once confirmed', async () => {
    const rows = [upload(2, 'READY', 'waiting.csv'), upload(1, 'EXPIRED', 'late.csv')];
    const { calls } = stubFetch((call) => {
      if (call.method === 'POST' && call.url.endsWith('/api/uploads/2/discard')) return { body: envelope('SUCCESS', { ...rows[0], status: 'DISCARDED', expiresAt: null, fileUrl: null }) };
      return { body: envelope('SUCCESS', { list: rows, totalCount: rows.length, totalPage: 1, currentPage: 1 }) };
    });
    const onResume = vi.fn();
    const onDiscarded = vi.fn();
    renderPage(<UploadHistoryTable datasetId={1} version={0} onResume={onResume} onDiscarded={onDiscarded} />);

    const [waiting, late] = await screen.findAllByTestId('upload-history-row');
    expect(within(waiting).getByText(`Expires ${formatConsoleDate(uploadExpiresAt(checkedAt), true)} if not committed`)).toBeInTheDocument();
    // An expired upload reads so, offers neither action, and its removed file is no longer a link.
    expect(within(late).getByText('Expired')).toBeInTheDocument();
    expect(within(late).queryByRole('button')).toBeNull();
    expect(within(late).queryByRole('link')).toBeNull();

    await userEvent.click(within(waiting).getByRole('button', { name: 'Resume waiting.csv' }));
    expect(onResume).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));

    await userEvent.click(within(waiting).getByRole('button', { name: 'Discard waiting.csv' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard this upload?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(within(waiting).getByRole('button', { name: 'Discard waiting.csv' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(onDiscarded).toHaveBeenCalledWith(expect.objectContaining({ id: 2, status: 'DISCARDED' })));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([expect.stringMatching(/\/api\/uploads\/2\/discard$/)]);
  });

  it('reads as cards on a phone, each waiting upload with its actions, and no table', async () => {
    stubWindowWidth(390);
    const failed = { ...upload(1, 'FAIL', 'broken.csv'), reason: 'The file has 2 problems; nothing was written.' };
    const rows = [upload(2, 'READY', 'waiting.csv'), failed];
    stubFetch(() => ({ body: envelope('SUCCESS', { list: rows, totalCount: rows.length, totalPage: 1, currentPage: 1 }) }));
    renderPage(<UploadHistoryTable datasetId={1} version={0} onResume={vi.fn()} onDiscarded={vi.fn()} />);

    const [waiting, refused] = await screen.findAllByTestId('upload-history-row');
    expect(within(screen.getByRole('list', { name: 'Upload history' })).getAllByRole('listitem')).toEqual([waiting, refused]);
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(waiting).getByRole('link', { name: 'waiting.csv' })).toBeInTheDocument();
    expect(within(waiting).getByText('Mina Park · ' + formatConsoleDate(checkedAt, true))).toBeInTheDocument();
    expect(within(waiting).getByRole('button', { name: 'Resume waiting.csv' })).toBeInTheDocument();
    expect(within(waiting).getByRole('button', { name: 'Discard waiting.csv' })).toBeInTheDocument();
    expect(within(refused).getByText('The file has 2 problems; nothing was written.')).toBeInTheDocument();
    expect(within(refused).queryByRole('button')).toBeNull();
  });
});
