import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { ResourceContextProvider, SimpleForm } from 'react-admin';
import { emailTemplatesEn } from '../../i18n/resources/email-templates.en';
import { emailTemplatesKo } from '../../i18n/resources/email-templates.ko';
import { i18nProvider } from '../../providers/i18nProvider';
import { emailTemplateTypes } from '../../shared';
import { renderPage } from '../../testing/renderPage';
import { EmailTemplateInputs } from './EmailTemplateInputs';

const catalogues = { en: emailTemplatesEn, ko: emailTemplatesKo } as const;

describe('EmailTemplateInputs', () => {
  it.each(['en', 'ko'] as const)('says which mails the chosen type writes and what Statements are (%s)', async (locale) => {
    await i18nProvider.changeLocale(locale);
    renderPage(
      <ResourceContextProvider value="email-templates">
        <SimpleForm defaultValues={{ type: 'signup-code', title: '', body: '', activeFlag: 'N', statements: [] }} toolbar={false}>
          <EmailTemplateInputs />
        </SimpleForm>
      </ResourceContextProvider>,
    );
    expect(await screen.findByText(catalogues[locale].sentWhen['signup-code'])).toBeInTheDocument();
    expect(screen.getByText(catalogues[locale].helpers.statements)).toBeInTheDocument();
    await i18nProvider.changeLocale('en');
  });

  it('has a sentence for every type, in both languages', () => {
    for (const type of emailTemplateTypes) {
      expect(catalogues.en.sentWhen[type], type).toBeTruthy();
      expect(catalogues.ko.sentWhen[type], type).toBeTruthy();
    }
  });
});
