import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { envelope, stubFetch } from '../../testing/fetchStub';
import { renderPage } from '../../testing/renderPage';
import { DashboardPanel } from './DashboardPanel';

// A stand-in element, so the real embedding library (which would reach for a Tableau server) is not loaded.
beforeAll(() => customElements.define('tableau-viz', class extends HTMLElement {}));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const token = (n: number, expiresInMs: number) =>
  envelope('SUCCESS', {
    token: `token-${n}`,
    viewName: 'MediaOverview/Dashboard',
    src: 'https://tableau.example.com/views/MediaOverview/Dashboard',
    expiresAt: new Date(Date.now() + expiresInMs).toISOString(),
  });

describe('DashboardPanel', () => {
  it('says plainly when Tableau is not configured', async () => {
    stubFetch(() => ({ status: 503, body: envelope('TABLEAU_NOT_CONFIGURED', null, 'not configured') }));
    renderPage(<DashboardPanel projectId={4} />);
    await screen.findByText('The dashboard is not available: Tableau is not configured on this server.');
  });

  it("shows the server's reason and tries again on request", async () => {
    let calls = 0;
    stubFetch(() => (++calls === 1 ? { status: 404, body: envelope('NOT_FOUND', null, 'No such project.') } : { body: token(calls, 300_000) }));
    renderPage(<DashboardPanel projectId={4} />);
    await screen.findByText('The dashboard could not be loaded: No such project.');
    act(() => screen.getByRole('button', { name: 'Try again' }).click());
    await waitFor(() => expect(document.querySelector('tableau-viz')?.getAttribute('token')).toBe('token-2'));
  });

  it('embeds the view with its token and renews the token before it expires, without rebuilding the view', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    let calls = 0;
    const { calls: recorded } = stubFetch(() => ({ body: token(++calls, 5 * 60_000) }));
    renderPage(<DashboardPanel projectId={4} />);
    await vi.waitFor(() => expect(document.querySelector('tableau-viz')?.getAttribute('token')).toBe('token-1'), { timeout: 10_000 });
    const viz = document.querySelector('tableau-viz')!;
    expect(viz.getAttribute('src')).toBe('https://tableau.example.com/views/MediaOverview/Dashboard');

    await act(() => vi.advanceTimersByTimeAsync(4 * 60_000));
    await vi.waitFor(() => expect(viz.getAttribute('token')).toBe('token-2'), { timeout: 10_000 });
    // Once the view is interactive, Tableau's session carries it; a fresh token must not reload it.
    viz.dispatchEvent(new Event('firstinteractive'));
    await act(() => vi.advanceTimersByTimeAsync(4 * 60_000));
    await vi.waitFor(() => expect(recorded).toHaveLength(3), { timeout: 10_000 });
    expect(viz.getAttribute('token')).toBe('token-2');
    expect(document.querySelector('tableau-viz')).toBe(viz);
    expect(recorded.map((call) => new URL(call.url, 'http://x').searchParams.get('purpose'))).toEqual(['view', 'renew', 'renew']);
  });
});
