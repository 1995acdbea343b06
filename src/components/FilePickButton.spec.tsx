import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { FilePickButton } from './FilePickButton';

describe('FilePickButton', () => {
  it('is a real button that opens the picker, and names the file input after itself', () => {
    const onPick = vi.fn();
    const { container } = render(
      <FilePickButton accept=".csv" onPick={onPick} inputTestId="picker">
        Start from a file
      </FilePickButton>,
    );
    const button = screen.getByRole('button', { name: 'Start from a file' });
    expect(button.tagName).toBe('BUTTON');
    expect(container.querySelector('label')).toBeNull();
    const input = screen.getByTestId('picker') as HTMLInputElement;
    // A hidden input has no computed name; the reference to the button is what checkers read.
    expect(input.getAttribute('aria-labelledby')).toBe(button.id);
    const opened = vi.spyOn(input, 'click');
    fireEvent.click(button);
    expect(opened).toHaveBeenCalledOnce();
    fireEvent.change(input, { target: { files: [new File(['a'], 'a.csv')] } });
    expect(onPick).toHaveBeenCalledOnce();
  });
});
