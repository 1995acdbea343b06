import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { OTP_TOKEN_KEY, OTP_VERIFIED_KEY } from '../shared';
import { clearCookies, envelope, stubFetch, type RecordedCall, type StubAnswer } from '../testing/fetchStub';
import { renderPage } from '../testing/renderPage';
import { CONNECTED_DATA_OPTIONS, PROFILE, signInForTest } from '../testing/profileFixtures';
import { ProfileDialog } from './ProfileDialog';
import { expectCodeBehindDetails } from '../testing/errorDetails';

const PROFILE_URL = '/api/system/profile/7';
const CHANGE_URL = '/api/auth/admin/password-change';

function server(change: (call: RecordedCall) => StubAnswer = () => ({ body: envelope('SUCCESS', null, 'Your password has been changed.') })) {
  return stubFetch((call) => {
    if (call.url === PROFILE_URL) return { body: envelope('SUCCESS', PROFILE) };
    if (call.url === CHANGE_URL) return change(call);
    if (call.url === '/api/system/connected-data') return { body: envelope('SUCCESS', CONNECTED_DATA_OPTIONS) };
    return { status: 404, body: envelope('NOT_FOUND') };
  });
}

/** The error toast with this title (the open dialog hides it from role queries). */
async function toastTitled(title: string) {
  return (await screen.findByText(title, { selector: '.MuiAlertTitle-root' })).closest('.MuiAlert-root') as HTMLElement;
}

function renderProfile() {
  const onClose = vi.fn();
  const onOtpRejected = vi.fn();
  renderPage(<ProfileDialog onClose={onClose} onOtpRejected={onOtpRejected} />);
  return { onClose, onOtpRejected };
}

const dialog = () => screen.getByRole('dialog', { name: 'My Profile' });
const field = (label: string) => within(dialog()).getByLabelText(label) as HTMLInputElement;
const fill = (values: Partial<Record<'Current Password' | 'New Password' | 'Confirm New Password', string>>) => {
  for (const [label, value] of Object.entries(values)) fireEvent.change(field(label), { target: { value } });
};
const save = () => fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
const changeCalls = (calls: RecordedCall[]) => calls.filter((call) => call.url === CHANGE_URL);
const loaded = () => waitFor(() => expect(field('Email').value).toBe(PROFILE.email));

beforeEach(async () => {
  clearCookies();
  sessionStorage.clear();
  sessionStorage.setItem(OTP_VERIFIED_KEY, 'Y');
  sessionStorage.setItem(OTP_TOKEN_KEY, 'otp-proof-token');
  await signInForTest();
});
afterEach(() => vi.unstubAllGlobals());

describe('My Profile dialog', () => {
  it('shows the profile read-only, with the account level of the session', async () => {
    server();
    renderProfile();
    await loaded();
    const expected: [string, string][] = [
      ['Email', PROFILE.email],
      ['Name', 'Minji Kim'],
      ['Account Level', 'REGION'],
      ['Company', 'Headquarters'],
      ['Region', 'Asia Pacific'],
      ['Country of Office', 'Korea'],
      ['Advertiser & data type', 'Acme Electronics: Media, CRM\nGlobex Retail: Retail'],
      ['Approval', 'Yes'],
      ['Creator', 'No'],
      ['Uploader', 'Yes'],
    ];
    for (const [label, value] of expected) {
      expect(field(label).value).toBe(value);
      expect(field(label).readOnly).toBe(true);
      // Read as text: no outline or underline inviting typing, unlike the password fields.
      expect(field(label).closest('.MuiInputBase-root')).toHaveClass('MuiInput-root');
      expect(field(label).closest('.MuiInputBase-root')).not.toHaveClass('MuiOutlinedInput-root');
      expect(field(label).closest('.MuiInputBase-root')).not.toHaveClass('MuiInput-underline');
    }
    expect(within(dialog()).getByText('To modify your information, please contact the administrator.')).toBeInTheDocument();
  });

  it('shows each password-change message and sends nothing while the form is invalid', async () => {
    const { calls } = server();
    renderProfile();
    await loaded();
    const helper = (label: string) => field(label).getAttribute('aria-describedby') && document.getElementById(field(label).getAttribute('aria-describedby')!)?.textContent;

    save();
    expect(helper('Current Password')).toBe('Current Password is required.');
    expect(helper('New Password')).toBe('Password is required.');
    expect(helper('Confirm New Password')).toBe('Password is required.');
    for (const label of ['Current Password', 'New Password', 'Confirm New Password']) expect(field(label)).toHaveAttribute('aria-invalid', 'true');

    fill({ 'Current Password': 'Old#pass1', 'New Password': 'short1!', 'Confirm New Password': 'short1!' });
    save();
    expect(helper('Current Password')).toBeFalsy();
    expect(helper('New Password')).toBe('Invalid Password Format');

    fill({ 'New Password': 'New#pass22', 'Confirm New Password': 'New#pass23' });
    save();
    expect(helper('New Password')).toBeFalsy();
    expect(helper('Confirm New Password')).toBe('Password and Password confirm do not match.');

    fill({ 'New Password': 'Old#pass1', 'Confirm New Password': 'Old#pass1' });
    save();
    expect(helper('New Password')).toBe('Your current password and the password you want to change to must not match.');

    expect(changeCalls(calls)).toHaveLength(0);
  });

  // A password the format refuses is weak, however mixed (docs/decisions.md).
  it('rates the new password with the strength meter thresholds', async () => {
    server();
    renderProfile();
    await loaded();
    const meter = () => within(dialog()).getByRole('progressbar');
    for (const [password, strength] of [
      ['a', 'Weak'],
      ['abcde1', 'Weak'],
      ['Abcdefg1', 'Weak'],
      ['abcdefg1!', 'Medium'],
      ['Abcdefg1!', 'Strong'],
      ['K7#pQ2@vL9$wR4^tM8&z', 'Strong'],
      [`Ab1!${'x'.repeat(61)}`, 'Weak'],
    ]) {
      fill({ 'New Password': password });
      expect(meter()).toHaveAccessibleName(`Password strength: ${strength}`);
    }
  });

  it('shows and hides each password with its own button', async () => {
    server();
    renderProfile();
    await loaded();
    for (const label of ['Current Password', 'New Password', 'Confirm New Password']) {
      expect(field(label).type).toBe('password');
      fireEvent.click(within(dialog()).getByRole('button', { name: `Show ${label}` }));
      expect(field(label).type).toBe('text');
      fireEvent.click(within(dialog()).getByRole('button', { name: `Hide ${label}` }));
      expect(field(label).type).toBe('password');
    }
  });

  it('changes the password with the OTP token, toasts "Your password has been changed." and closes', async () => {
    const { calls } = server();
    const { onClose } = renderProfile();
    await loaded();
    fill({ 'Current Password': 'Old#pass1', 'New Password': 'New#pass22', 'Confirm New Password': 'New#pass22' });
    save();
    await screen.findByText('Your password has been changed.');
    const [call] = changeCalls(calls);
    expect(call.method).toBe('PUT');
    expect(call.headers['X-OTP-Token']).toBe('otp-proof-token');
    expect(call.body).toEqual({ password: 'Old#pass1', changePassword: 'New#pass22' });
    expect(onClose).toHaveBeenCalled();
  });

  it('toasts the server result in words and message for a wrong current password, marks the field and stays open', async () => {
    server(() => ({
      status: 400,
      body: envelope('VALIDATION_ERROR', { errors: [{ field: 'password', message: 'The current password is not correct.' }] }, 'Validation failed.'),
    }));
    const { onClose, onOtpRejected } = renderProfile();
    await loaded();
    fill({ 'Current Password': 'Wrong#pass1', 'New Password': 'New#pass22', 'Confirm New Password': 'New#pass22' });
    save();
    const toast = await toastTitled('Some fields need attention');
    expect(toast).toHaveTextContent('Validation failed.');
    expectCodeBehindDetails(toast, 'VALIDATION_ERROR');
    expect(field('Current Password')).toHaveAccessibleDescription('The current password is not correct.');
    expect(onClose).not.toHaveBeenCalled();
    expect(onOtpRejected).not.toHaveBeenCalled();
  });

  it('toasts a non-SUCCESS answer titled in words, its result kept as the code', async () => {
    server(() => ({ body: envelope('PENDING', null, 'Try again later.') }));
    const { onClose } = renderProfile();
    await loaded();
    fill({ 'Current Password': 'Old#pass1', 'New Password': 'New#pass22', 'Confirm New Password': 'New#pass22' });
    save();
    const toast = await toastTitled('Generic Error');
    expect(toast).toHaveTextContent('Try again later.');
    expectCodeBehindDetails(toast, 'PENDING');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('asks to verify the e-mail again when the server refuses the OTP token', async () => {
    server(() => ({ status: 403, body: envelope('FORBIDDEN', null, 'Your e-mail verification has expired. Please verify again.') }));
    const { onOtpRejected } = renderProfile();
    await loaded();
    fill({ 'Current Password': 'Old#pass1', 'New Password': 'New#pass22', 'Confirm New Password': 'New#pass22' });
    save();
    const toast = await toastTitled('Not allowed');
    expect(toast).toHaveTextContent('Your e-mail verification has expired. Please verify again.');
    expect(onOtpRejected).toHaveBeenCalledOnce();
  });

  it('toasts a profile that cannot be loaded and closes', async () => {
    stubFetch(() => ({ status: 404, body: envelope('NOT_FOUND', null, 'No such account.') }));
    const { onClose } = renderProfile();
    expect(await toastTitled('Not found')).toHaveTextContent('No such account.');
    expect(onClose).toHaveBeenCalled();
  });

  it('opens the Dataset Connection in view mode from Connected Data', async () => {
    server();
    renderProfile();
    await loaded();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Connected Data' }));
    const connection = await screen.findByRole('dialog', { name: 'Dataset Connection' });
    expect((within(connection).getByLabelText('Advertiser') as HTMLInputElement).value).toBe('Acme Electronics, Globex Retail');
    expect(within(connection).queryByRole('button', { name: 'Connect' })).not.toBeInTheDocument();
    // Nobody edits their own connections: the view says who does, and where.
    expect(within(connection).getByText(/ask a user administrator: they choose them with Choose countries/)).toBeInTheDocument();
    await within(connection).findByText('North America');
    // Regions are lists named by their region: no tree role without a tree's arrow keys.
    expect(within(connection).queryByRole('tree')).not.toBeInTheDocument();
    const countries = within(connection).getByRole('list', { name: 'Connected Countries' });
    expect(within(countries).getByRole('list', { name: 'Asia Pacific' })).toHaveTextContent('KoreaJapan');
    expect(within(countries).getByRole('list', { name: 'North America' })).toHaveTextContent('United States');
  });
});
