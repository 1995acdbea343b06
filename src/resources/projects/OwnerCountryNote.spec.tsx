import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { clearCookies, envelope, stubFetch } from '../../testing/fetchStub';
import { renderPage } from '../../testing/renderPage';
import { PROFILE, SIGNED_IN_ID, signInForTest } from '../../profile/profileFixtures';
import { OwnerCountryNote } from './OwnerCountryNote';

beforeEach(async () => {
  clearCookies();
  await signInForTest();
});
afterEach(() => vi.unstubAllGlobals());

describe('OwnerCountryNote', () => {
  it('names the owner country a new project gets and where it comes from', async () => {
    stubFetch((call) => (call.url === `/api/system/profile/${SIGNED_IN_ID}` ? { body: envelope('SUCCESS', PROFILE) } : { status: 404, body: envelope('NOT_FOUND') }));
    renderPage(<OwnerCountryNote />);
    expect(await screen.findByText('Owner country: Korea, taken from the country of office in your profile.')).toBeInTheDocument();
  });

  it('says there is none when the profile has no country of office', async () => {
    stubFetch(() => ({ body: envelope('SUCCESS', { ...PROFILE, office: null }) }));
    renderPage(<OwnerCountryNote />);
    expect(await screen.findByText('Owner country: none, as your profile has no country of office.')).toBeInTheDocument();
  });
});
