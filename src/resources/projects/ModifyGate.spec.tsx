import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { RecordContextProvider } from 'react-admin';
import type { SharePrivilege } from '../../shared';
import { renderPage } from '../../testing/renderPage';
import { ModifyGate } from './ModifyGate';

function renderGate(myPrivilege: SharePrivilege) {
  renderPage(
    <RecordContextProvider value={{ id: 9, name: 'Spring launch', myPrivilege }}>
      <ModifyGate>
        <form aria-label="Project form" />
      </ModifyGate>
    </RecordContextProvider>,
  );
}

describe('ModifyGate', () => {
  it('tells a viewer on opening that they cannot modify the project, with the way back, and shows no form', () => {
    renderGate('VIEWER');
    expect(screen.getByText('You cannot modify this project.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the project' })).toHaveAttribute('href', '/project/detail/9');
    expect(screen.queryByRole('form', { name: 'Project form' })).not.toBeInTheDocument();
  });

  it.each(['EDITOR', 'OWNER'] as const)('gives an %s the form', (privilege) => {
    renderGate(privilege);
    expect(screen.getByRole('form', { name: 'Project form' })).toBeInTheDocument();
    expect(screen.queryByText('You cannot modify this project.')).not.toBeInTheDocument();
  });
});
