import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { i18nProvider } from '../../providers/i18nProvider';
import { SignInsChart } from './SignInsChart';

afterEach(cleanup);

describe('Sign-ins per day chart', () => {
  it('stacks failed sign-ins on successful ones, scaled to the busiest day, with a tooltip per day', () => {
    const days = [
      { day: '2026-11-16', success: 3, failure: 1 },
      { day: '2026-11-17', success: 0, failure: 0 },
      { day: '2026-11-18', success: 1, failure: 0 },
    ];
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <SignInsChart days={days} />
      </AdminContext>,
    );
    const chart = screen.getByRole('img', { name: 'Sign-ins per day from 2026-11-16 to 2026-11-18: 4 successful, 1 failed' });
    const bars = [...chart.querySelectorAll('g')].map((day) => [
      day.querySelector('title')?.textContent,
      [...day.querySelectorAll('rect')].map((rect) => `${rect.getAttribute('data-status')}:${Number(rect.getAttribute('y')).toFixed(1)}+${Number(rect.getAttribute('height')).toFixed(1)}`),
    ]);
    // The busiest day (4 sign-ins) is full height (118 px); failures sit on top; an empty day draws nothing.
    expect(bars).toEqual([
      ['2026-11-16: 3 successful, 1 failed', ['SUCCESS:29.5+88.5', 'FAILURE:0.0+29.5']],
      ['2026-11-17: 0 successful, 0 failed', []],
      ['2026-11-18: 1 successful, 0 failed', ['SUCCESS:88.5+29.5']],
    ]);
    // The value axis runs 0, 2, 4; the day axis names the first, middle and last day; the legend names both parts.
    expect([...screen.getByTestId('value-axis').children].map((tick) => tick.textContent)).toEqual(['0', '2', '4']);
    expect(
      within(screen.getByTestId('day-axis'))
        .getAllByText(/^2026-/)
        .map((day) => day.textContent),
    ).toEqual(['2026-11-16', '2026-11-17', '2026-11-18']);
    expect([...document.querySelectorAll('[data-legend]')].map((entry) => entry.textContent)).toEqual(['Successful', 'Failed']);
  });

  it('gives screen readers the values of every day in a table captioned with the summary', () => {
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <SignInsChart
          days={[
            { day: '2026-11-16', success: 3, failure: 1 },
            { day: '2026-11-17', success: 0, failure: 2 },
          ]}
        />
      </AdminContext>,
    );
    const table = screen.getByRole('table', { name: 'Sign-ins per day from 2026-11-16 to 2026-11-17: 3 successful, 3 failed' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => [...row.children].map((cell) => cell.textContent)),
    ).toEqual([
      ['Day', 'Successful', 'Failed'],
      ['2026-11-16', '3', '1'],
      ['2026-11-17', '0', '2'],
    ]);
  });
});
