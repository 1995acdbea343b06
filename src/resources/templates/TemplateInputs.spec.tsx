import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { ResourceContextProvider, SimpleForm } from 'react-admin';
import { i18nProvider } from '../../providers/i18nProvider';
import { envelope, stubFetch } from '../../testing/fetchStub';
import { renderPage } from '../../testing/renderPage';
import { TemplateInputs } from './TemplateInputs';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18nProvider.changeLocale('en');
});

async function renderInputs(locale: 'en' | 'ko') {
  stubFetch(() => ({ body: envelope('SUCCESS', { list: [], totalCount: 0 }) }));
  await i18nProvider.changeLocale(locale);
  renderPage(
    <ResourceContextProvider value="templates">
      <SimpleForm toolbar={false}>
        <TemplateInputs />
      </SimpleForm>
    </ResourceContextProvider>,
  );
}

describe('the template form says which Tableau view a template opens', () => {
  it('describes the name input with the naming rule and an example', async () => {
    await renderInputs('en');
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    expect(name).toHaveAccessibleDescription(
      'Projects made from this template show the view "Dashboard" of the Tableau workbook published under this name without spaces or punctuation: "Media Overview" → MediaOverview/Dashboard.',
    );
  });

  it('says it in Korean', async () => {
    await renderInputs('ko');
    const name = await screen.findByRole('textbox', { name: /^이름/ });
    expect(name).toHaveAccessibleDescription(/Tableau 통합 문서의 "Dashboard" 뷰를 보여 줍니다\. 예: "Media Overview" → MediaOverview\/Dashboard\.$/);
  });
});
