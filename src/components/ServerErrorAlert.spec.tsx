import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { AdminContext, TestMemoryRouter } from 'react-admin';
import { enFrame } from '../i18n/en';
import { ko } from '../i18n/ko';
import { ApiError, TITLED_CODES } from '../providers/apiError';
import { i18nProvider } from '../providers/i18nProvider';
import { RESULT_STATUS } from '../shared';
import { ServerErrorAlert } from './ServerErrorAlert';

afterEach(cleanup);

const titles = { en: enFrame.console.result, ko: ko.console.result } as unknown as Record<'en' | 'ko', Record<string, string>>;

async function renderAlert(error: ApiError, locale: 'en' | 'ko') {
  await i18nProvider.changeLocale(locale);
  render(
    <TestMemoryRouter>
      <AdminContext i18nProvider={i18nProvider}>
        <ServerErrorAlert error={error} />
      </AdminContext>
    </TestMemoryRouter>,
  );
  return screen.getByRole('alert');
}

describe('ServerErrorAlert', () => {
  it('knows every result code the server can answer', () => {
    expect(TITLED_CODES).toEqual(expect.arrayContaining(Object.keys(RESULT_STATUS)));
  });

  describe.each(['en', 'ko'] as const)('in %s', (locale) => {
    it.each(TITLED_CODES)('titles %s in words, never the code, with the code behind Details', async (code) => {
      const alert = await renderAlert(new ApiError({ status: 400, result: code, resultMessage: 'What the server said.' }), locale);
      const title = alert.querySelector('.MuiAlertTitle-root')?.textContent;
      expect(title).toBe(titles[locale][code]);
      expect(title).not.toMatch(/^[A-Z_]+$/);
      expect(title).not.toContain(code);
      expect(within(alert).getByText('What the server said.')).toBeInTheDocument();
      expect(within(alert).queryByText(new RegExp(`${code}$`))).not.toBeInTheDocument();
      fireEvent.click(within(alert).getByRole('button', { name: titles[locale].details }));
      expect(within(alert).getByText(new RegExp(`${code}$`))).toBeInTheDocument();
    });

    it('titles an unknown code as the Generic Error', async () => {
      const alert = await renderAlert(new ApiError({ status: 500, result: 'SOMETHING_NEW', resultMessage: 'Odd.' }), locale);
      expect(alert.querySelector('.MuiAlertTitle-root')?.textContent).toBe(titles[locale].generic);
    });
  });

  it('words differ between the locales for every code', () => {
    for (const code of TITLED_CODES) expect(titles.ko[code]).not.toBe(titles.en[code]);
  });
});
