import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { Button, Menu } from '@mui/material';
import { OTP_TOKEN_KEY, OTP_VERIFIED_KEY } from '../shared';
import { clearCookies, envelope, stubFetch, type RecordedCall, type StubAnswer } from '../testing/fetchStub';
import { renderPage } from '../testing/renderPage';
import { rememberOtpVerification } from './otpVerification';
import { PROFILE, SIGNED_IN_EMAIL, signInForTest } from '../testing/profileFixtures';
import { profileFlow } from './profileFlow';
import { ProfileFlowHost } from './ProfileFlowHost';
import { ProfileMenuItem } from './ProfileMenuItem';
import { expectCodeBehindDetails } from '../testing/errorDetails';

/** A settings popover like the top bar's: it closes, and unmounts its items, when Profile is chosen. */
function SettingsPopover() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button onClick={(event) => setAnchor(event.currentTarget)}>Settings</Button>
      <Menu open={Boolean(anchor)} anchorEl={anchor} onClose={() => setAnchor(null)}>
        <ProfileMenuItem onClick={() => setAnchor(null)} />
      </Menu>
    </>
  );
}

const CODE_OK = '246810';

function server(overrides: (call: RecordedCall) => StubAnswer | undefined = () => undefined) {
  return stubFetch((call) => {
    const overridden = overrides(call);
    if (overridden) return overridden;
    if (call.url === '/api/auth/admin/otp/send') return { body: envelope('SUCCESS') };
    if (call.url === '/api/auth/admin/otp/verify') {
      const ok = (call.body as { code: string }).code === CODE_OK;
      return ok ? { body: envelope('SUCCESS', { token: 'otp-proof-token' }) } : { status: 400, body: envelope('OTP_MISMATCH', null, 'The code is not correct.') };
    }
    if (call.url === '/api/system/profile/7') return { body: envelope('SUCCESS', PROFILE) };
    return { status: 404, body: envelope('NOT_FOUND') };
  });
}

/** Lets fetch promises and React updates settle under fake timers. */
async function settle(ms = 0) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  for (let round = 0; round < 5; round += 1) await act(() => vi.advanceTimersByTimeAsync(0));
}

const otpDialog = () => screen.getByRole('dialog', { name: 'Email Authentication' });
const timer = () => within(otpDialog()).getByRole('timer');
const codeInput = () => within(otpDialog()).getByLabelText('Verification code') as HTMLInputElement;
const press = async (name: string) => {
  fireEvent.click(screen.getByRole('button', { name }));
  await settle();
};
const typeCode = (code: string) => fireEvent.change(codeInput(), { target: { value: code } });
const calls = (all: RecordedCall[], path: string) => all.filter((call) => call.url === `/api/auth/admin/otp/${path}`);

async function openProfileFromPopover() {
  await press('Settings');
  fireEvent.click(screen.getByRole('menuitem', { name: 'Profile' }));
  await settle(1000);
}

beforeEach(async () => {
  clearCookies();
  sessionStorage.clear();
  await signInForTest();
  vi.useFakeTimers();
  renderPage(
    <>
      <SettingsPopover />
      <ProfileFlowHost />
    </>,
  );
});
afterEach(() => {
  act(() => profileFlow.close());
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Email Authentication dialog', () => {
  it('opens from the popover, which closes, and starts unsent with the signed-in e-mail read-only', async () => {
    server();
    await openProfileFromPopover();
    expect(screen.queryByRole('menuitem', { name: 'Profile' })).not.toBeInTheDocument();
    const email = within(otpDialog()).getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe(SIGNED_IN_EMAIL);
    expect(email.readOnly).toBe(true);
    expect(within(otpDialog()).queryByLabelText('Verification code')).not.toBeInTheDocument();
    expect(within(otpDialog()).queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(within(otpDialog()).getByRole('button', { name: 'Send' })).toBeInTheDocument();
  });

  it('Send becomes Re-send, shows the code and Next, counts down each second; Re-send restarts the countdown', async () => {
    const { calls: all } = server();
    await openProfileFromPopover();
    await press('Send');
    expect(calls(all, 'send')).toHaveLength(1);
    expect(within(otpDialog()).getByRole('button', { name: 'Re-send' })).toBeInTheDocument();
    expect(within(otpDialog()).queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
    expect(codeInput()).toBeInTheDocument();
    expect(timer()).toHaveTextContent('Time left 05:00');

    await settle(1000);
    expect(timer()).toHaveTextContent('Time left 04:59');
    await settle(1000);
    expect(timer()).toHaveTextContent('Time left 04:58');
    await settle(58_000);
    expect(timer()).toHaveTextContent('Time left 04:00');

    await press('Re-send');
    expect(calls(all, 'send')).toHaveLength(2);
    expect(timer()).toHaveTextContent('Time left 05:00');
    await settle(1000);
    expect(timer()).toHaveTextContent('Time left 04:59');
  });

  it('asks for the code when Next is pressed empty, refuses non-digits as typed, and sends nothing until six digits', async () => {
    const { calls: all } = server();
    await openProfileFromPopover();
    await press('Send');
    await press('Next');
    expect(within(otpDialog()).getByText('OTP is required')).toBeInTheDocument();
    expect(calls(all, 'verify')).toHaveLength(0);

    typeCode('12ab3-4');
    expect(codeInput().value).toBe('1234');
    typeCode('1234567');
    expect(codeInput().value).toBe('123456');
    typeCode('12');
    await press('Next');
    expect(within(otpDialog()).getByText('OTP must be 6 digits')).toBeInTheDocument();
    expect(calls(all, 'verify')).toHaveLength(0);
  });

  it('keeps the dialog open with the server result and message when the code is wrong', async () => {
    const { calls: all } = server();
    await openProfileFromPopover();
    await press('Send');
    typeCode('111111');
    await press('Next');
    expect(calls(all, 'verify')).toHaveLength(1);
    const alert = within(otpDialog()).getByRole('alert');
    expect(alert).toHaveTextContent('Wrong verification code');
    expectCodeBehindDetails(alert, 'OTP_MISMATCH');
    expect(alert).toHaveTextContent('The code is not correct.');
    expect(sessionStorage.getItem(OTP_VERIFIED_KEY)).toBeNull();
    expect(sessionStorage.getItem(OTP_TOKEN_KEY)).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'My Profile' })).not.toBeInTheDocument();
  });

  it('asks to re-send once the five minutes are over, and verifies nothing until then', async () => {
    const { calls: all } = server();
    await openProfileFromPopover();
    await press('Send');
    await settle(5 * 60 * 1000 - 1000);
    expect(timer()).toHaveTextContent('Time left 00:01');
    await settle(1000);
    expect(timer()).toHaveTextContent('The code has expired. Press Re-send for a new one.');
    typeCode(CODE_OK);
    await press('Next');
    expect(calls(all, 'verify')).toHaveLength(0);
    expect(codeInput()).toHaveAccessibleDescription('The code has expired. Press Re-send for a new one.');

    await press('Re-send');
    expect(timer()).toHaveTextContent('Time left 05:00');
  });

  it('stores the token and the verified flag, closes, opens My Profile; the next time Profile skips the e-mail step', async () => {
    const { calls: all } = server();
    await openProfileFromPopover();
    await press('Send');
    typeCode(CODE_OK);
    await press('Next');
    await settle(1000);
    expect(sessionStorage.getItem(OTP_TOKEN_KEY)).toBe('otp-proof-token');
    expect(sessionStorage.getItem(OTP_VERIFIED_KEY)).toBe('Y');
    expect(screen.queryByRole('dialog', { name: 'Email Authentication' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'My Profile' })).toBeInTheDocument();

    fireEvent.click(within(screen.getByRole('dialog', { name: 'My Profile' })).getByRole('button', { name: 'Close' }));
    await settle(1000);
    expect(screen.queryByRole('dialog', { name: 'My Profile' })).not.toBeInTheDocument();
    await openProfileFromPopover();
    expect(screen.getByRole('dialog', { name: 'My Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Email Authentication' })).not.toBeInTheDocument();
    expect(calls(all, 'send')).toHaveLength(1);
  });

  it('returns to Email Authentication, forgetting the verification, when the server refuses the OTP token', async () => {
    server((call) => (call.url === '/api/auth/admin/password-change' ? { status: 403, body: envelope('FORBIDDEN', null, 'Your e-mail verification has expired.') } : undefined));
    rememberOtpVerification('stale-token');
    await openProfileFromPopover();
    const profile = screen.getByRole('dialog', { name: 'My Profile' });
    await settle(1000);
    for (const [label, value] of [
      ['Current Password', 'Old#pass1'],
      ['New Password', 'New#pass22'],
      ['Confirm New Password', 'New#pass22'],
    ]) {
      fireEvent.change(within(profile).getByLabelText(label), { target: { value } });
    }
    fireEvent.click(within(profile).getByRole('button', { name: 'Save' }));
    await settle(1000);
    expect(otpDialog()).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'My Profile' })).not.toBeInTheDocument();
    expect(sessionStorage.getItem(OTP_VERIFIED_KEY)).toBeNull();
    expect(sessionStorage.getItem(OTP_TOKEN_KEY)).toBeNull();
  });

  it('treats any stored otpVerified value as verified', async () => {
    server();
    sessionStorage.setItem(OTP_VERIFIED_KEY, 'anything');
    await openProfileFromPopover();
    expect(screen.getByRole('dialog', { name: 'My Profile' })).toBeInTheDocument();
  });
});
