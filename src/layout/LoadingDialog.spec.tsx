import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { loadingStore } from '../providers/loadingStore';
import { renderPage } from '../testing/renderPage';
import { LOADING_SHOW_DELAY_MS, LoadingDialog } from './LoadingDialog';

const spinner = () => screen.queryByRole('progressbar', { name: 'Loading…' });

beforeEach(() => {
  vi.useFakeTimers();
  renderPage(<LoadingDialog />);
});
afterEach(() => {
  while (loadingStore.isLoading()) loadingStore.requestFinished();
  vi.useRealTimers();
});

describe('LoadingDialog', () => {
  it('shows the spinner for a request that takes longer than the delay, until every request has finished', async () => {
    act(() => loadingStore.requestStarted());
    await act(() => vi.advanceTimersByTimeAsync(LOADING_SHOW_DELAY_MS - 1));
    expect(spinner()).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(spinner()).toBeInTheDocument();

    act(() => loadingStore.requestStarted());
    act(() => loadingStore.requestFinished());
    expect(spinner()).toBeInTheDocument();
    act(() => loadingStore.requestFinished());
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(spinner()).not.toBeInTheDocument();
  });

  it('never shows for a request faster than the delay', async () => {
    act(() => loadingStore.requestStarted());
    await act(() => vi.advanceTimersByTimeAsync(LOADING_SHOW_DELAY_MS - 50));
    act(() => loadingStore.requestFinished());
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(spinner()).not.toBeInTheDocument();
  });

  it('names the dialog itself (the element with role dialog), not only its spinner', async () => {
    act(() => loadingStore.requestStarted());
    await act(() => vi.advanceTimersByTimeAsync(LOADING_SHOW_DELAY_MS));
    expect(screen.getByRole('dialog', { name: 'Loading…' })).toBeInTheDocument();
  });
});
