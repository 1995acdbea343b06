import { useId, useRef, type ChangeEvent, type ReactNode } from 'react';
import { Button, type ButtonProps } from '@mui/material';

type Props = Omit<ButtonProps, 'onClick' | 'component' | 'onChange'> & {
  accept: string;
  multiple?: boolean;
  onPick: (event: ChangeEvent<HTMLInputElement>) => void;
  children: ReactNode;
  inputTestId?: string;
};

/**
 * A real button that opens the file picker. A <label> drawn as a button (MUI's usual recipe) takes
 * role="button", which a label may not have (axe aria-allowed-role); this one stays a button and
 * clicks a hidden input, so the keyboard reaches it like any other; the input is named by the button.
 */
export function FilePickButton({ accept, multiple, onPick, children, inputTestId, ...button }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  return (
    <>
      <Button {...button} id={id} onClick={() => input.current?.click()}>
        {children}
      </Button>
      <input ref={input} hidden type="file" aria-labelledby={id} accept={accept} multiple={multiple} onChange={onPick} data-testid={inputTestId} tabIndex={-1} />
    </>
  );
}
