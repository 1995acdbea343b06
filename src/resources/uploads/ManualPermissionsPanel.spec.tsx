import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ManualPermission } from '../../shared';
import { envelope, stubFetch, type RecordedCall, type StubAnswer } from '../../testing/fetchStub';
import { renderPage } from '../../testing/renderPage';
import { ManualPermissionsPanel } from './ManualPermissionsPanel';
import { expectCodeBehindDetails } from '../../testing/errorDetails';
import { stubWindowWidth } from '../../testing/windowWidth';

afterEach(() => vi.unstubAllGlobals());

/** A server holding two managed users, Ann with UPLOADER and Bo without; `write` may answer POST/DELETE differently. */
function server(write?: (call: RecordedCall) => StubAnswer) {
  const users: ManualPermission[] = [
    { adminId: 2, name: 'Ann Lee', email: 'ann@example.com', privType: 'UPLOADER' },
    { adminId: 3, name: 'Bo Park', email: 'bo@example.com', privType: null },
  ];
  const stub = stubFetch((call) => {
    const url = new URL(call.url, 'http://x');
    if (call.method === 'GET' && url.pathname === '/api/manual-permissions') {
      const q: string = JSON.parse(url.searchParams.get('filter') ?? '{}').q ?? '';
      const list = users.filter((user) => user.email.includes(q) || user.name.includes(q));
      return { body: envelope('SUCCESS', { list, totalCount: list.length, totalPage: 1, currentPage: 1 }) };
    }
    if (write) return write(call);
    if (call.method === 'POST' && url.pathname === '/api/manual-permissions') {
      users.find((user) => user.adminId === (call.body as { adminId: number }).adminId)!.privType = 'UPLOADER';
      return { body: envelope('SUCCESS', null, 'The UPLOADER permission has been granted.') };
    }
    const revoked = url.pathname.match(/^\/api\/manual-permissions\/(\d+)$/);
    if (call.method === 'DELETE' && revoked) {
      users.find((user) => user.adminId === Number(revoked[1]))!.privType = null;
      return { body: envelope('SUCCESS', null, 'The UPLOADER permission has been revoked.') };
    }
    return { status: 404, body: envelope('NOT_FOUND') };
  });
  const writes = () => stub.calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.url}`);
  return { ...stub, writes };
}

async function openPanel() {
  renderPage(<ManualPermissionsPanel />);
  await userEvent.click(await screen.findByText('Manual permissions'));
}

const toggle = (email: string) => screen.getByRole('switch', { name: `UPLOADER ${email}` }) as HTMLInputElement;

describe('Manual permissions panel', () => {
  it('asks before revoking UPLOADER and sends the DELETE only once confirmed', async () => {
    const { writes } = server();
    await openPanel();
    expect(toggle('ann@example.com').checked).toBe(true);

    await userEvent.click(toggle('ann@example.com'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Revoke UPLOADER from Ann Lee?')).toBeInTheDocument();
    expect(within(dialog).getByText('ann@example.com will no longer be able to upload manual data.')).toBeInTheDocument();
    expect(writes()).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The UPLOADER permission has been revoked.')).toBeInTheDocument();
    expect(writes()).toEqual(['DELETE /api/manual-permissions/2']);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(toggle('ann@example.com').checked).toBe(false));
  });

  it('changes nothing when the revocation is cancelled', async () => {
    const { writes } = server();
    await openPanel();
    await userEvent.click(toggle('ann@example.com'));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes()).toEqual([]);
    expect(toggle('ann@example.com').checked).toBe(true);
  });

  it('grants UPLOADER at once, without asking', async () => {
    const { calls, writes } = server();
    await openPanel();
    await userEvent.click(toggle('bo@example.com'));
    expect(await screen.findByText('The UPLOADER permission has been granted.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(writes()).toEqual(['POST /api/manual-permissions']);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ adminId: 3, privType: 'UPLOADER' });
    await waitFor(() => expect(toggle('bo@example.com').checked).toBe(true));
  });

  it('shows a failure as the error toast: result in words as title, resultMessage as text', async () => {
    server(() => ({ status: 404, body: envelope('NOT_FOUND', null, 'No such user.') }));
    await openPanel();
    await userEvent.click(toggle('bo@example.com'));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Not found');
    expect(toast).toHaveTextContent('No such user.');
    expectCodeBehindDetails(toast, 'NOT_FOUND');
    expect(toggle('bo@example.com').checked).toBe(false);
  });

  it('says so when the search matches nobody', async () => {
    server();
    await openPanel();
    await userEvent.type(screen.getByLabelText('Search'), 'nobody');
    const table = screen.getByRole('table', { name: 'Manual permissions' });
    expect(await within(table).findByText('No user matches "nobody".')).toBeInTheDocument();
    expect(within(table).queryByRole('switch')).not.toBeInTheDocument();
  });

  it('reads as cards on a phone, each person with their switch, and no table; revoking still asks first', async () => {
    stubWindowWidth(390);
    const { writes } = server();
    await openPanel();
    const list = await screen.findByRole('list', { name: 'Manual permissions' });
    const [ann, bo] = within(list).getAllByRole('listitem');
    expect(screen.queryByRole('table')).toBeNull();
    expect(ann).toHaveClass('console-card');
    expect(within(ann!).getByText('Ann Lee')).toBeInTheDocument();
    expect(within(ann!).getByText('ann@example.com')).toBeInTheDocument();
    expect((within(bo!).getByRole('switch', { name: 'UPLOADER bo@example.com' }) as HTMLInputElement).checked).toBe(false);
    await userEvent.click(within(ann!).getByRole('switch', { name: 'UPLOADER ann@example.com' }));
    expect(within(await screen.findByRole('dialog')).getByText('Revoke UPLOADER from Ann Lee?')).toBeInTheDocument();
    expect(writes()).toEqual([]);
  });

  it('says on a phone when the search matches nobody', async () => {
    stubWindowWidth(390);
    server();
    await openPanel();
    await userEvent.type(screen.getByLabelText('Search'), 'nobody');
    expect(await screen.findByText('No user matches "nobody".')).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });
});
