import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '../testing/renderPage';
import { ScreenErrorBoundary } from './ScreenErrorBoundary';

let failing = true;
function FragileScreen() {
  if (failing) throw new Error('boom');
  return <p>Screen drawn</p>;
}

describe('ScreenErrorBoundary', () => {
  it('shows the failure next to what still works and draws the screen again on Try again, without a reload', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderPage(
      <>
        <nav>Menu</nav>
        <ScreenErrorBoundary>
          <FragileScreen />
        </ScreenErrorBoundary>
      </>,
    );
    expect(screen.getByText('This screen stopped working')).toBeInTheDocument();
    expect(screen.getByText('Menu')).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('Screen drawn')).toBeInTheDocument();
    expect(screen.queryByText('This screen stopped working')).not.toBeInTheDocument();
  });
});
