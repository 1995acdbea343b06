import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { ResourceContextProvider } from 'react-admin';
import { envelope, stubFetch } from '../../testing/fetchStub';
import { renderPage } from '../../testing/renderPage';
import { AlertMailForm } from './AlertMailForm';

afterEach(() => vi.unstubAllGlobals());

/** The server's preview refuses an empty field and a procedure that is not one word, as it does. */
function renderForm() {
  const { calls } = stubFetch((call) => {
    const body = call.body as Record<string, string>;
    const errors = [
      ['procedure', 'procedureRequired'],
      ['errorId', 'errorIdRequired'],
      ['subtitle', 'subtitleRequired'],
      ['content', 'contentRequired'],
    ]
      .filter(([field]) => !body[field])
      .map(([field, message]) => ({ field, message }));
    if (body.procedure && !/^[\w.:-]+$/.test(body.procedure)) errors.push({ field: 'procedure', message: 'procedureFormat' });
    return errors.length
      ? { status: 400, body: envelope('VALIDATION_ERROR', { errors }, 'Validation failed.') }
      : { body: envelope('SUCCESS', { subject: 'Collect failed', html: '<p>x</p>', text: 'x' }) };
  });
  renderPage(
    <ResourceContextProvider value="alert-mails">
      <AlertMailForm />
    </ResourceContextProvider>,
  );
  return { previews: () => calls.filter((call) => call.url === '/api/alert-mails/preview') };
}

const preview = () => screen.getByTestId('mail-preview');
const input = (label: string) => screen.getByLabelText(label, { exact: false, selector: 'input, textarea' });
const type = (label: string, value: string) => {
  fireEvent.change(input(label), { target: { value } });
  fireEvent.blur(input(label));
};

describe('Alert mail form', () => {
  it('asks for no preview until the required fields have something in them, and says so', async () => {
    const { previews } = renderForm();
    expect(await within(preview()).findByText('The preview appears once the required fields are filled in.')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(previews()).toHaveLength(0);
    expect(within(preview()).queryAllByRole('alert')).toHaveLength(0);
  });

  it("shows the server's word on a reached field once the form is filled, and the mail once it is right", async () => {
    const { previews } = renderForm();
    type('Procedure', 'collect meta');
    type('Error id', 'AUTH');
    type('Subtitle', 'Collect failed');
    fireEvent.change(screen.getByTestId('mail-preview').ownerDocument.querySelector('[name="content"]')!, { target: { value: 'It failed.' } });
    expect(await within(preview()).findByText('Use letters, digits, dots, colons, underscores or hyphens.')).toBeInTheDocument();
    type('Procedure', 'collect-meta');
    expect(await within(preview()).findByTestId('mail-preview-subject')).toHaveTextContent('Collect failed');
    expect(within(preview()).queryAllByRole('alert')).toHaveLength(0);
    expect(previews().length).toBeGreaterThan(0);
  });
});
