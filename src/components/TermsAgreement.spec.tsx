import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { OfferedTerm } from '../shared/auth';
import { formatDateTime, runtimeTimeZone } from '../shared/date-time';
import { i18nProvider } from '../providers/i18nProvider';
import { renderPage } from '../testing/renderPage';
import { TermsAgreement } from './TermsAgreement';

const term: OfferedTerm = {
  termId: 1,
  termVersionId: 7,
  title: 'Terms of Service',
  agreementType: 'REQUIRED',
  requiredFlag: 'Y',
  version: '2.0',
  content: '<p>New text</p>',
  effectiveAt: '2026-11-28T00:58:30.340Z',
};

describe('TermsAgreement', () => {
  it.each([
    ['en', (date: string) => `Version 2.0, in effect since ${date}`],
    ['ko', (date: string) => `2.0 버전, ${date}부터 시행`],
  ] as const)('names the version asked for again and since when it is in effect (%s)', async (locale, words) => {
    await i18nProvider.changeLocale(locale);
    renderPage(<TermsAgreement terms={[term]} agreed={new Set()} onChange={() => {}} showVersion />);
    expect(screen.getByText(words(formatDateTime(term.effectiveAt, runtimeTimeZone())))).toBeInTheDocument();
    expect(screen.queryByText(/2026-11-28T/)).not.toBeInTheDocument();
    await i18nProvider.changeLocale('en');
  });

  it('leaves the version out at sign-up, where nothing was accepted before', () => {
    renderPage(<TermsAgreement terms={[term]} agreed={new Set()} onChange={() => {}} />);
    expect(screen.queryByText(/Version 2.0/)).not.toBeInTheDocument();
  });
});
