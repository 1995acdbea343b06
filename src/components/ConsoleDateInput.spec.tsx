import { afterEach, describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { render, screen, waitFor } from '@testing-library/react';
import { AdminContext, FilterForm, Form, ListContextProvider, ResourceContextProvider, SaveButton, TestMemoryRouter, memoryStore, type ListControllerResult } from 'react-admin';
import { i18nProvider } from '../providers/i18nProvider';
import { useWatch } from 'react-hook-form';
import { isCalendarDay } from '../shared';
import { renderPage } from '../testing/renderPage';
import { ConsoleDateInput, ConsoleDateTimeInput } from './ConsoleDateInput';

// The catalogue is one instance: the Korean test must not leave the later ones in Korean.
afterEach(() => i18nProvider.changeLocale('en'));

/** The form's stored value of `source`, as the server would get it. */
function Stored({ source }: { source: string }) {
  const value = useWatch({ name: source });
  return <output data-testid="stored">{JSON.stringify(value ?? null)}</output>;
}

const stored = () => JSON.parse(screen.getByTestId('stored').textContent ?? 'null');

/** A record form whose rule, like the project schema's, takes only a real YYYY-MM-DD. */
function renderForm(input: React.ReactElement<{ source: string }>, defaultValues: Record<string, unknown> = {}, onSubmit = vi.fn()) {
  const validate = (values: Record<string, unknown>) => (typeof values.startAt === 'string' && !isCalendarDay(values.startAt) ? { startAt: 'console.validation.schema.format' } : {});
  renderPage(
    <ResourceContextProvider value="projects">
      <Form defaultValues={defaultValues} onSubmit={onSubmit} validate={validate}>
        {input}
        <Stored source={input.props.source} />
        <SaveButton alwaysEnable />
      </Form>
    </ResourceContextProvider>,
  );
  return onSubmit;
}

describe('ConsoleDateInput in a record form', () => {
  it('lays typed digits into YYYY-MM-DD and stores the day as a YYYY-MM-DD string', async () => {
    const onSubmit = renderForm(<ConsoleDateInput source="startAt" isRequired />);
    const user = userEvent.setup();
    const field = await screen.findByRole('textbox', { name: /Start date/ });
    expect(field).toHaveAttribute('placeholder', 'YYYY-MM-DD');
    expect(field).toHaveAccessibleDescription(/Format: YYYY-MM-DD/);
    await user.type(field, '20261205');
    expect(field).toHaveValue('2026-12-05');
    expect(stored()).toBe('2026-12-05');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ startAt: '2026-12-05' });
  });

  it('shows a stored day and keeps it when the field is only visited', async () => {
    renderForm(<ConsoleDateInput source="startAt" />, { startAt: '2026-03-01' });
    const user = userEvent.setup();
    const field = await screen.findByRole('textbox', { name: 'Start date' });
    expect(field).toHaveValue('2026-03-01');
    await user.click(field);
    await user.tab();
    expect(stored()).toBe('2026-03-01');
  });

  it('says a day that does not exist is not a date, and the form refuses to save it', async () => {
    const onSubmit = renderForm(<ConsoleDateInput source="startAt" />);
    const user = userEvent.setup();
    const field = await screen.findByRole('textbox', { name: 'Start date' });
    await user.type(field, '20260230');
    expect(field).toHaveValue('2026-02-30');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(/Enter a real date as YYYY-MM-DD\./);
    expect(stored()).toBe('2026-02-30');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('says so about a half-typed day only once the person leaves the field', async () => {
    renderForm(<ConsoleDateInput source="startAt" />);
    const user = userEvent.setup();
    const field = await screen.findByRole('textbox', { name: 'Start date' });
    await user.type(field, '2026-12');
    expect(screen.queryByText('Enter a real date as YYYY-MM-DD.')).toBeNull();
    await user.tab();
    expect(await screen.findByText('Enter a real date as YYYY-MM-DD.')).toBeInTheDocument();
  });

  it('says it in Korean too', async () => {
    render(
      <TestMemoryRouter>
        <AdminContext i18nProvider={i18nProvider} store={memoryStore({ locale: 'ko' })}>
          <Form>
            <ConsoleDateInput source="startAt" label="시작일" />
          </Form>
        </AdminContext>
      </TestMemoryRouter>,
    );
    const user = userEvent.setup();
    const field = await screen.findByRole('textbox', { name: '시작일' }, { timeout: 20_000 });
    await user.type(field, '20261340');
    expect(await screen.findByText('실제 날짜를 YYYY-MM-DD 형식으로 입력해 주세요.')).toBeInTheDocument();
  });

  it('removes the digit before a separator on backspace, rather than getting stuck on the separator', async () => {
    renderForm(<ConsoleDateInput source="startAt" />);
    const user = userEvent.setup();
    const field = await screen.findByRole('textbox', { name: 'Start date' });
    await user.type(field, '202612');
    expect(field).toHaveValue('2026-12');
    await user.keyboard('{ArrowLeft}{ArrowLeft}{Backspace}');
    expect(field).toHaveValue('2021-2');
  });
});

describe('ConsoleDateTimeInput in a record form', () => {
  it('takes YYYY-MM-DD HH:mm and stores the local YYYY-MM-DDTHH:mm a datetime-local input stored', async () => {
    renderForm(<ConsoleDateTimeInput source="effectiveAt" label="Effective" />, { effectiveAt: '2026-12-01T09:00' });
    const user = userEvent.setup();
    const field = await screen.findByRole('textbox', { name: 'Effective' });
    expect(field).toHaveValue('2026-12-01 09:00');
    expect(field).toHaveAttribute('placeholder', 'YYYY-MM-DD HH:mm');
    await user.clear(field);
    await user.type(field, '202612051030');
    expect(field).toHaveValue('2026-12-05 10:30');
    expect(stored()).toBe('2026-12-05T10:30');
    await user.clear(field);
    await user.type(field, '202612052460');
    expect(field).toHaveAccessibleDescription(/Enter a real date and time as YYYY-MM-DD HH:mm\./);
  });
});

/** The list filter bar, with the list's setFilters recorded instead of fetching. */
function renderFilter(filterValues: Record<string, unknown>) {
  const setFilters = vi.fn();
  const list = { filterValues, setFilters, displayedFilters: {}, showFilter: vi.fn(), hideFilter: vi.fn(), resource: 'access-history' } as unknown as ListControllerResult;
  renderPage(
    <ResourceContextProvider value="access-history">
      <ListContextProvider value={list}>
        <FilterForm filters={[<ConsoleDateInput key="from" source="from" alwaysOn filter />]} />
      </ListContextProvider>
    </ResourceContextProvider>,
  );
  return setFilters;
}

/** FilterForm applies a change after half a second without typing. */
const debounce = () => new Promise((resolve) => setTimeout(resolve, 800));

describe('ConsoleDateInput as a list filter', () => {
  it('does not send a half-typed or impossible day, and sends a complete one', async () => {
    const setFilters = renderFilter({ from: '2026-11-01' });
    const user = userEvent.setup();
    const field = await screen.findByRole('textbox', { name: 'From' });
    expect(field).toHaveValue('2026-11-01');
    await user.clear(field);
    await user.type(field, '2026-12-0');
    await debounce();
    expect(setFilters.mock.calls.map(([filter]) => filter.from)).toEqual(['']);
    await user.type(field, '0');
    await debounce();
    expect(screen.getByText('Enter a real date as YYYY-MM-DD.')).toBeInTheDocument();
    expect(setFilters).toHaveBeenCalledTimes(1);
    await user.type(field, '{Backspace}5');
    await waitFor(() => expect(setFilters).toHaveBeenCalledTimes(2));
    expect(setFilters.mock.calls[1][0]).toMatchObject({ from: '2026-12-05' });
    expect(field).toHaveValue('2026-12-05');
  });
});
