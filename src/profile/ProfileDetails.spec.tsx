import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { AdminContext, TestMemoryRouter } from 'react-admin';
import { i18nProvider } from '../providers/i18nProvider';
import { PROFILE } from '../testing/profileFixtures';
import { ProfileDetails } from './ProfileDetails';

afterEach(async () => {
  cleanup();
  await i18nProvider.changeLocale('en');
});

describe('ProfileDetails on a Korean screen', () => {
  it('names the company, region, country and data types in Korean, advertisers as they are named', async () => {
    await i18nProvider.changeLocale('ko');
    render(
      <TestMemoryRouter>
        <AdminContext i18nProvider={i18nProvider}>
          <ProfileDetails profile={PROFILE} accountLevel="REGION" />
        </AdminContext>
      </TestMemoryRouter>,
    );
    const value = (name: string) => (document.querySelector(`[name="${name}"]`) as HTMLInputElement | HTMLTextAreaElement).value;
    await screen.findByDisplayValue('본사');
    expect(value('region')).toBe('아시아 태평양');
    expect(value('office')).toBe('대한민국');
    expect(value('dataTypes')).toBe('Acme Electronics: 미디어, CRM\nGlobex Retail: 리테일');
  });
});
