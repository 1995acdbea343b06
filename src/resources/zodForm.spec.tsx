import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { z } from 'zod';
import { ResourceContextProvider, SaveButton, SimpleForm, Toolbar } from 'react-admin';
import { i18nProvider } from '../providers/i18nProvider';
import { renderPage } from '../testing/renderPage';
import { FieldMappingInput } from './collect-configs/FieldMappingInput';
import { zodValidator } from './zodForm';
import { msg } from '../shared/validation-messages';

afterEach(() => i18nProvider.changeLocale('en'));

describe('zodValidator', () => {
  it("words zod's own issues as i18n keys, a null (a new, empty row) as required", () => {
    const validate = zodValidator(z.object({ rows: z.array(z.object({ keyword: z.string(), count: z.number().max(5) })) }));
    expect(validate({ rows: [{ keyword: null, count: 9 }] })).toEqual({
      rows: [{ keyword: { message: 'console.validation.schema.required', args: {} }, count: { message: 'console.validation.schema.tooHigh', args: { maximum: '5' } } }],
    });
  });

  it.each(['en', 'ko'] as const)('has words for every kind of issue and every shared schema message in %s', async (locale) => {
    await i18nProvider.changeLocale(locale);
    for (const kind of ['required', 'number', 'tooShort', 'tooLong', 'tooFew', 'tooMany', 'tooLow', 'tooHigh', 'format', 'choice', 'invalid']) {
      const key = `console.validation.schema.${kind}`;
      expect(i18nProvider.translate(key, { minimum: 2, maximum: 3 })).not.toBe(key);
    }
    expect(i18nProvider.translate('console.validation.schema.masterFieldRequired')).toBe(locale === 'en' ? 'Enter the master field.' : '마스터 필드를 입력하세요.');
  });
});

/** The field mapping rows under a shared rule, as the collect metric form checks them. */
function renderMapping() {
  const schema = z.object({ fields: z.array(z.object({ code: z.string().min(1, msg.masterFieldRequired) })) });
  const values = { fields: [{ field: 'spend', code: '', type: 'STRING', fieldFlag: 'N', masterFlag: 'N' }] };
  renderPage(
    <ResourceContextProvider value="collect-configs">
      <SimpleForm
        validate={zodValidator(schema)}
        defaultValues={values}
        onSubmit={() => {}}
        toolbar={
          <Toolbar>
            <SaveButton alwaysEnable />
          </Toolbar>
        }
      >
        <FieldMappingInput />
      </SimpleForm>
    </ResourceContextProvider>,
  );
}

describe('field mapping messages', () => {
  it('shows a row message on save in the reader language and clears it once the field is fixed', async () => {
    await i18nProvider.changeLocale('ko');
    renderMapping();
    expect(screen.queryByText('마스터 필드를 입력하세요.')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText('마스터 필드를 입력하세요.')).toBeInTheDocument();
    expect(screen.queryByText('Enter the master field.')).not.toBeInTheDocument();
    const code = screen.getAllByRole('textbox')[1];
    fireEvent.change(code, { target: { value: 'media_spend' } });
    await waitFor(() => expect(screen.queryByText('마스터 필드를 입력하세요.')).not.toBeInTheDocument());
  });
});
