import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { ConsoleEntry } from './routes/ConsoleEntry';
import { currentNextPath, isPublicPath, signInPath } from './providers/signInRedirect';
import { readAccessToken, readRefreshToken } from './providers/storedSession';

// A visitor who holds no session at all is sent to sign-in before the app starts: react-admin would
// get there only after a first render and an auth check, which delayed the form.
const signedOut = !readAccessToken() && !readRefreshToken();
if (signedOut && !isPublicPath(window.location.pathname)) {
  window.history.replaceState(null, '', signInPath({ next: currentNextPath() }));
}

/*
 * BrowserRouter, not react-admin's default hash router: mailed links point at /new-password/{token}.
 * Without transitions: when a signed-out person opens a protected page, react-admin navigates to
 * sign-in and, in the same tick, resets its store and query cache. As a transition the navigation
 * lost to those urgent updates, so the old page re-rendered, asked for sign-in again, and the app
 * pushed /sign-in a hundred times a second without ever drawing it.
 */
const root = createRoot(document.getElementById('root')!);
// The first render as a transition, which React draws in slices of a few milliseconds: as a plain
// render it is one task, and the first signed-in screen's was the load's longest.
startTransition(() =>
  root.render(
    <StrictMode>
      <BrowserRouter useTransitions={false}>
        <ConsoleEntry startSignedOut={signedOut} />
      </BrowserRouter>
    </StrictMode>,
  ),
);
