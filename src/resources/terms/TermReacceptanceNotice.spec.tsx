import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { i18nProvider } from '../../providers/i18nProvider';
import { envelope, stubFetch } from '../../testing/fetchStub';
import { renderPage } from '../../testing/renderPage';
import { TermReacceptanceNotice } from './TermReacceptanceNotice';

afterEach(() => vi.unstubAllGlobals());

describe('TermReacceptanceNotice', () => {
  it.each([
    ['en', 'This term is required: once this version takes effect, 12 people must accept it at their next sign-in before going on.'],
    ['ko', '필수 약관입니다. 이 버전이 시행되면 12명이 다음 로그인 때 이 버전에 다시 동의해야 계속할 수 있습니다.'],
  ] as const)('states the count the server gives before publishing (%s)', async (locale, words) => {
    await i18nProvider.changeLocale(locale);
    const { calls } = stubFetch(() => ({ body: envelope('SUCCESS', { required: true, people: 12 }) }));
    renderPage(<TermReacceptanceNotice termId={4} />);
    expect(await screen.findByText(words)).toBeInTheDocument();
    expect(calls[0].url).toBe('/api/terms/4/reacceptance');
    await i18nProvider.changeLocale('en');
  });

  it('says nothing for a term nobody must accept again', async () => {
    const { calls } = stubFetch(() => ({ body: envelope('SUCCESS', { required: false, people: 0 }) }));
    renderPage(<TermReacceptanceNotice termId={5} />);
    await vi.waitFor(() => expect(calls).toHaveLength(1), { timeout: 10_000 });
    expect(screen.queryByTestId('term-reacceptance')).not.toBeInTheDocument();
  });
});
