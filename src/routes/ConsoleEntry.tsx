import { Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { SignInShell } from '../pages/signIn/SignInShell';
import { loadApp } from './signedInFrame';
import { lazyNamed } from './lazyNamed';
import { SIGN_IN_PATH } from '../shared/paths';

const App = lazyNamed(loadApp, 'App');

/**
 * A visitor who arrives signed out on the sign-in page gets the sign-in page alone, and the full
 * app's chunk (react-admin's <Admin>, routes and resources) only once they leave it: signed in, or
 * off to sign-up or a new password. Everyone else, and every later visit to sign-in, gets the
 * full app.
 */
export function ConsoleEntry({ startSignedOut }: { startSignedOut: boolean }) {
  const { pathname } = useLocation();
  const [inShell, setInShell] = useState(startSignedOut && pathname === SIGN_IN_PATH);
  // Leaving is for good: setting state while rendering switches before anything is drawn.
  if (inShell && pathname !== SIGN_IN_PATH) setInShell(false);
  if (inShell && pathname === SIGN_IN_PATH) return <SignInShell />;
  return (
    <Suspense fallback={null}>
      <App />
    </Suspense>
  );
}
