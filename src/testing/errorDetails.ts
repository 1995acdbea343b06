import { fireEvent, within } from '@testing-library/react';
import { expect } from 'vitest';

/** A failure's result code is not shown until its reader opens "Details"; then it is. */
export function expectCodeBehindDetails(alert: HTMLElement, code: string): void {
  expect(within(alert).queryByText(`Code: ${code}`)).not.toBeInTheDocument();
  const details = within(alert).getByRole('button', { name: 'Details', hidden: true });
  expect(details).toHaveAttribute('aria-expanded', 'false');
  fireEvent.click(details);
  expect(details).toHaveAttribute('aria-expanded', 'true');
  expect(within(alert).getByText(`Code: ${code}`)).toBeInTheDocument();
}
