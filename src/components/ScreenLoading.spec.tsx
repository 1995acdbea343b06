import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { renderPage } from '../testing/renderPage';
import { ScreenLoading } from './ScreenLoading';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('ScreenLoading', () => {
  it('shows nothing for a quick load, then a named spinner and its words in the readable secondary colour', async () => {
    renderPage(<ScreenLoading />);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    const spinner = screen.getByRole('progressbar', { name: 'Loading' });
    expect(spinner).toBeInTheDocument();
    expect(spinner.closest('[role=status]')).toHaveTextContent('Loading');
    const words = screen.getByText('Loading', { selector: 'p' });
    // The theme's secondary text (react-admin's Loading uses the disabled colour, rgba(0, 0, 0, 0.38)).
    expect(getComputedStyle(words).color).toBe('rgba(0, 0, 0, 0.6)');
  });
});
