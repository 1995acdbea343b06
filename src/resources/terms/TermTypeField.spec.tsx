import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { RecordContextProvider } from 'react-admin';
import { i18nProvider } from '../../providers/i18nProvider';
import { renderPage } from '../../testing/renderPage';
import { TermTypeField } from './TermTypeField';

describe('TermTypeField', () => {
  it.each([
    ['en', 'Optional'],
    ['ko', '선택'],
  ] as const)('names an optional term in words, without the POST code (%s)', async (locale, words) => {
    await i18nProvider.changeLocale(locale);
    renderPage(
      <RecordContextProvider value={{ id: 1, type: 'POST' }}>
        <TermTypeField />
      </RecordContextProvider>,
    );
    expect(screen.getByText(words)).toBeInTheDocument();
    expect(screen.queryByText(/POST/)).not.toBeInTheDocument();
    await i18nProvider.changeLocale('en');
  });
});
