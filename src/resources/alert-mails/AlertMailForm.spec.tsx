import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ResourceContextProvider } from 'react-admin';
import { envelope, stubFetch } from '../../testing/fetchStub';
import { renderPage } from '../../testing/renderPage';
import { AlertMailForm } from './AlertMailForm';

afterEach(() => vi.unstubAllGlobals());

/** The server's preview refuses every empty field, as it does for a new alert mail. */
function renderForm() {
  const { calls } = stubFetch((call) => {
    const body = call.body as Record<string, string>;
    const errors = [
      ['procedure', 'Enter the procedure.'],
      ['errorId', 'Enter the error id, or * for any error of the procedure.'],
      ['subtitle', 'Enter the subtitle.'],
      ['content', 'Enter the content.'],
    ]
      .filter(([field]) => !body[field])
      .map(([field, message]) => ({ field, message }));
    return errors.length ? { status: 400, body: envelope('VALIDATION_ERROR', { errors }, 'Validation failed.') } : { body: envelope('SUCCESS', { subject: 'S', html: '<p>x</p>', text: 'x' }) };
  });
  renderPage(
    <ResourceContextProvider value="alert-mails">
      <AlertMailForm />
    </ResourceContextProvider>,
  );
  return { previews: () => calls.filter((call) => call.url === '/api/alert-mails/preview') };
}

const preview = () => screen.getByTestId('mail-preview');

describe('Alert mail form', () => {
  it('keeps an untouched form free of warnings, and warns about a field once it has been reached', async () => {
    const { previews } = renderForm();
    await waitFor(() => expect(previews().length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(within(preview()).queryAllByRole('alert')).toHaveLength(0);
    expect(screen.queryByText(/Enter the/)).not.toBeInTheDocument();

    const procedure = screen.getByLabelText('Procedure', { exact: false, selector: 'input' });
    fireEvent.change(procedure, { target: { value: 'collect-meta-ads' } });
    fireEvent.blur(procedure);
    // Visited and left empty: now the preview may say so.
    fireEvent.blur(screen.getByLabelText('Error', { exact: false, selector: 'input' }));
    expect(await within(preview()).findByText('Enter the error id, or * for any error of the procedure.')).toBeInTheDocument();
    expect(within(preview()).queryByText('Enter the subtitle.')).not.toBeInTheDocument();
    expect(within(preview()).queryByText('Enter the content.')).not.toBeInTheDocument();
  });
});
