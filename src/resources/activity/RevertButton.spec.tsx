import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18nProvider } from '../../providers/i18nProvider';
import type { ActivityEntry } from '../../shared/activity';
import { AREA_RANK, AUTHORITY_RANKS, authorityOf } from '../../shared/ranks';
import { signTokenOfRank } from '../../testing/accessTokens';
import { clearCookies, envelope, stubFetch } from '../../testing/fetchStub';
import { renderPage } from '../../testing/renderPage';
import { RestoreButton } from './RestoreButton';
import { RevertButton } from './RevertButton';

afterEach(async () => {
  vi.unstubAllGlobals();
  clearCookies();
  await i18nProvider.changeLocale('en');
});

const change: ActivityEntry = {
  id: 41,
  actorId: 2,
  actorName: 'Kim Colleague',
  action: 'update',
  resource: 'templates',
  recordId: '3',
  recordName: 'Weekly sales',
  params: {},
  changes: [
    { field: 'name', before: 'Weekly sales', after: 'Weekly sales 2' },
    { field: 'status', before: 'Y', after: 'N' },
  ],
  occurredAt: '2026-12-02T05:05:00.000Z',
  eventId: 'req-1',
};

let rank = 1;
async function signedInAs(signedIn: number) {
  rank = signedIn;
  document.cookie = `accessToken=${await signTokenOfRank(rank, AUTHORITY_RANKS[authorityOf(rank)!].level)}; Path=/`;
}

/** The server: the person's live permissions (their rank), and the revert's answer. */
function server(answer: { status: number; body: unknown }) {
  return stubFetch((call) => {
    if (call.url.includes('/auth/permissions')) {
      return { body: envelope('SUCCESS', { rank, level: AUTHORITY_RANKS[authorityOf(rank)!].level, authorities: [], uploader: false, creator: false, approver: false }) };
    }
    return call.url.includes('/revert') ? answer : { body: envelope('SUCCESS', null) };
  }).calls;
}

describe('Revert this change', () => {
  it('shows each field as it is now → what it goes back to, in words, then reverts and says so', async () => {
    await signedInAs(1);
    const calls = server({ status: 200, body: envelope('SUCCESS', { id: 3 }, 'The change by Kim Colleague has been reverted.') });
    renderPage(<RevertButton entry={change} writeRank={AREA_RANK.systemSetting} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Revert this change' }));
    const dialog = screen.getByRole('dialog', { name: 'Revert this change?' });
    expect(within(dialog).getByText('Kim Colleague changed Dashboard Template Weekly sales')).toBeInTheDocument();
    // The change the other way round: now → back to, a code in its words.
    expect(within(dialog).getByText("Name 'Weekly sales 2' → 'Weekly sales'")).toBeInTheDocument();
    expect(within(dialog).getByText(/^\S.* No → Yes$/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revert' }));
    expect(await screen.findByText('The change by Kim Colleague has been reverted.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual(['/api/activity/41/revert']);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a refusal in the server’s words and keeps the dialog open', async () => {
    await signedInAs(1);
    const refusal = 'Mina Park changed Template name at 2026-12-02 14:10 (UTC), after this change: reverting it would undo theirs too, so nothing was written.';
    server({ status: 409, body: envelope('CONFLICT', null, refusal) });
    renderPage(<RevertButton entry={change} writeRank={AREA_RANK.systemSetting} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Revert this change' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Revert' }));
    expect(await screen.findByText(refusal, { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('is not offered below the rank that edits the record, nor on an entry that is no change', async () => {
    await signedInAs(2);
    server({ status: 200, body: envelope('SUCCESS') });
    const { unmount } = renderPage(<RevertButton entry={change} writeRank={AREA_RANK.systemSetting} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Revert this change' })).not.toBeInTheDocument();
    unmount();
    await signedInAs(1);
    renderPage(<RevertButton entry={{ ...change, action: 'create' }} writeRank={AREA_RANK.systemSetting} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Revert this change' })).not.toBeInTheDocument();
  });

  it('offers a share’s change that names its share, and not one logged before entries did', async () => {
    await signedInAs(5);
    server({ status: 200, body: envelope('SUCCESS') });
    const shareChange: ActivityEntry = {
      ...change,
      action: 'share-change',
      resource: 'projects',
      params: { person: 'Kim Colleague', privilege: 'VIEWER', shareId: 7 },
      changes: [{ field: 'privilege', before: 'EDITOR', after: 'VIEWER' }],
    };
    const { unmount } = renderPage(<RevertButton entry={shareChange} writeRank={AREA_RANK.project} />);
    expect(await screen.findByRole('button', { name: 'Revert this change' })).toBeInTheDocument();
    unmount();
    const { shareId: _shareId, ...older } = shareChange.params;
    renderPage(<RevertButton entry={{ ...shareChange, params: older }} writeRank={AREA_RANK.project} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Revert this change' })).not.toBeInTheDocument();
  });

  it('offers a stopped share that names its share, saying the privilege it gives back, where Restore is not offered; one logged before entries did keeps Restore', async () => {
    await signedInAs(5);
    const calls = server({ status: 200, body: envelope('SUCCESS', { id: 7 }, 'The change by Kim Colleague has been reverted.') });
    const stopped: ActivityEntry = {
      ...change,
      action: 'unshare',
      resource: 'projects',
      recordName: 'Spring',
      params: { person: 'Lee Editor', shareId: 7 },
      changes: [{ field: 'privilege', before: 'EDITOR', after: null }],
    };
    const both = (entry: ActivityEntry) => (
      <>
        <RevertButton entry={entry} writeRank={AREA_RANK.project} />
        <RestoreButton entry={entry} />
      </>
    );
    const { unmount } = renderPage(both(stopped));
    await userEvent.click(await screen.findByRole('button', { name: 'Revert this change' }));
    const dialog = screen.getByRole('dialog', { name: 'Revert this change?' });
    expect(within(dialog).getByText('Kim Colleague stopped sharing Spring with Lee Editor')).toBeInTheDocument();
    expect(within(dialog).getByText(/ — → Editor$/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Restore/ })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revert' }));
    expect(await screen.findByText('The change by Kim Colleague has been reverted.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual(['/api/activity/41/revert']);
    unmount();
    const { shareId: _shareId, ...older } = stopped.params;
    const { unmount: unmountOlder } = renderPage(both({ ...stopped, params: older, changes: [] }));
    expect(await screen.findByRole('button', { name: /^Restore/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revert this change' })).not.toBeInTheDocument();
    unmountOlder();
    // Restored since, an entry offers Restore no more; one beside it, still deleted, shows the button has been drawn.
    renderPage(
      <>
        <RestoreButton entry={{ ...stopped, params: older, changes: [], restored: true }} />
        <RestoreButton entry={{ ...stopped, id: 42, action: 'delete', recordName: 'Autumn', params: {}, changes: [], restored: false }} />
      </>,
    );
    expect(await screen.findByRole('button', { name: 'Restore Autumn' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Restore/ })).toHaveLength(1);
  });

  it('speaks Korean', async () => {
    await i18nProvider.changeLocale('ko');
    await signedInAs(1);
    server({ status: 200, body: envelope('SUCCESS') });
    renderPage(<RevertButton entry={change} writeRank={AREA_RANK.systemSetting} />);
    await userEvent.click(await screen.findByRole('button', { name: '이 변경 되돌리기' }));
    const dialog = screen.getByRole('dialog', { name: '이 변경을 되돌릴까요?' });
    expect(within(dialog).getByText('각 필드를 새 변경으로 되돌립니다(지금 → 되돌릴 값):')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '되돌리기' })).toBeInTheDocument();
  });
});
