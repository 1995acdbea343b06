import { useLayoutEffect, useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNotificationContext, useNotify } from 'react-admin';
import { renderPage } from '../testing/renderPage';

let notify: ReturnType<typeof useNotify>;
/** A success toast whose text is its own fallback (no catalogue key). */
const toast = (text: string) => notify(text, { type: 'success', messageArgs: { _: text } });

function Notifier() {
  notify = useNotify();
  return <p>Elsewhere on the page</p>;
}

/**
 * Raises the second toast once the first is in the rendered queue but before the notification area
 * has taken it (layout effects run before the area's effect): a second save answering a moment
 * after the first.
 */
function SecondToastRightAfterFirst() {
  const { notifications } = useNotificationContext();
  const raised = useRef(false);
  useLayoutEffect(() => {
    if (notifications.length !== 1 || raised.current) return;
    raised.current = true;
    toast('Second saved');
  }, [notifications]);
  return null;
}

/** Shows the first toast, then closes it the way a person does: a click elsewhere on the page. */
async function closeFirstByClickingAway() {
  await screen.findByText('First saved');
  await userEvent.click(screen.getByText('Elsewhere on the page'));
}

describe('ConsoleNotification', () => {
  it('shows a toast raised just after another once the first closes', async () => {
    renderPage(
      <>
        <Notifier />
        <SecondToastRightAfterFirst />
      </>,
    );
    act(() => toast('First saved'));
    await closeFirstByClickingAway();
    await screen.findByText('Second saved', {}, { timeout: 3000 });
  });

  it('shows a toast raised while the one before it fades out', async () => {
    renderPage(<Notifier />);
    act(() => toast('First saved'));
    await closeFirstByClickingAway();
    expect(screen.getByText('First saved')).toBeInTheDocument();
    act(() => toast('Second saved'));
    await screen.findByText('Second saved', {}, { timeout: 3000 });
  });
});
