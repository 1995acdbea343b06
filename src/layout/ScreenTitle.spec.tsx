import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderFrame } from '../testing/renderFrame';
import { ScreenTitle } from './ScreenTitle';
import domains from '../resources/domains';

describe('ScreenTitle', () => {
  it('is the level-1 heading of the screen', async () => {
    await renderFrame(<ScreenTitle />, { path: domains.listPath });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Allowed Domains');
  });

  it('names the project on its detail screen', async () => {
    await renderFrame(<ScreenTitle />, { path: '/project/detail/42', navigationState: { projectName: 'Spring Sale 2025' } });
    expect(screen.getByRole('heading', { level: 1, name: 'Spring Sale 2025' })).toBeInTheDocument();
  });
});
