import { useState, type ReactElement } from 'react';
import { Button, Confirm } from 'react-admin';
import { useApiWrite, type ApiActionSuccess, type ApiCall } from './useApi';

interface ConfirmedActionButtonProps {
  label: string;
  icon: ReactElement;
  /** The data-provider method to run (`(api) => api.unlockUser(id)`). */
  call: ApiCall;
  /** With a title the action asks first (destructive or mailing actions). */
  confirm?: { title: string; content?: string; titleArgs?: Record<string, unknown> };
  color?: 'primary' | 'error' | 'success' | 'warning';
  /** The success toast; without it the toast is the server's message. */
  success?: ApiActionSuccess;
  /** Contained on a coloured surface (an alert), where a coloured label would lose its contrast. */
  variant?: 'text' | 'contained';
}

/** An action button whose toast is the server's message: runs its call, asking first when it has a confirmation. */
export function ConfirmedActionButton({ label, icon, call, confirm, color = 'primary', success, variant = 'text' }: ConfirmedActionButtonProps) {
  const { run, pending } = useApiWrite();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button label={label} color={color} variant={variant} disabled={pending} onClick={() => (confirm ? setOpen(true) : run(call, success))}>
        {icon}
      </Button>
      {confirm && (
        <Confirm
          isOpen={open}
          loading={pending}
          title={confirm.title}
          titleTranslateOptions={confirm.titleArgs}
          content={confirm.content ?? ''}
          onConfirm={() => run(call, success).then(() => setOpen(false))}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
