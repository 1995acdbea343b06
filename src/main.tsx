import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { currentNextPath, isPublicPath, signInPath } from './providers/signInRedirect';
import { readAccessToken, readRefreshToken } from './providers/storedSession';

// A visitor who holds no session at all is sent to sign-in before the app starts: react-admin would
// get there only after a first render and an auth check, which delayed the form (issue 18).
if (!readAccessToken() && !readRefreshToken() && !isPublicPath(window.location.pathname)) {
  window.history.replaceState(null, '', signInPath({ next: currentNextPath() }));
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
