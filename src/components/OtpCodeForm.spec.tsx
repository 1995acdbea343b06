import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderPage } from '../testing/renderPage';
import { OtpCodeForm } from './OtpCodeForm';

/** Lets promises and React updates settle under fake timers. */
async function settle(ms = 0) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  for (let round = 0; round < 3; round += 1) await act(() => vi.advanceTimersByTimeAsync(0));
}

const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;

function renderForm(onBack?: () => void) {
  const verified: string[] = [];
  let resends = 0;
  const answer = { result: 'SUCCESS', resultMessage: '', data: null };
  renderPage(
    <OtpCodeForm
      email="ada@example.com"
      verify={(code) => async () => {
        verified.push(code);
        return answer;
      }}
      resend={async () => {
        resends += 1;
        return answer;
      }}
      onBack={onBack}
    />,
  );
  return { verified, resends: () => resends };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('OtpCodeForm', () => {
  it('keeps Re-send disabled with a countdown until the resend interval has passed, and again after a re-send', async () => {
    const { resends } = renderForm();
    expect(button('Re-send in 00:30')).toBeDisabled();
    await settle(10_000);
    expect(button('Re-send in 00:20')).toBeDisabled();
    await settle(20_000);
    expect(button('Re-send')).toBeEnabled();
    fireEvent.click(button('Re-send'));
    await settle();
    expect(resends()).toBe(1);
    expect(screen.getByText('A new code has been sent.')).toBeInTheDocument();
    expect(button('Re-send in 00:30')).toBeDisabled();
  });

  it('disables Next once the code expired and says so; a re-sent code enables it again', async () => {
    const { verified } = renderForm();
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '123456' } });
    await settle(5 * 60_000);
    expect(screen.getByRole('timer')).toHaveTextContent('The code has expired. Send a new one.');
    expect(button('Next')).toBeDisabled();
    fireEvent.submit(screen.getByLabelText('Verification code').closest('form')!);
    await settle();
    expect(verified).toEqual([]);

    fireEvent.click(button('Re-send'));
    await settle();
    expect(button('Next')).toBeEnabled();
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '654321' } });
    fireEvent.click(button('Next'));
    await settle();
    expect(verified).toEqual(['654321']);
  });

  it('offers Back only when the caller has somewhere to go back to', async () => {
    let backs = 0;
    renderForm(() => (backs += 1));
    fireEvent.click(button('Back'));
    expect(backs).toBe(1);
  });

  it('has no Back without a place to go back to', () => {
    renderForm();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
  });
});
