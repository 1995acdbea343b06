import { loadResourceMessages } from '../providers/i18nProvider';

/**
 * The signed-in frame loads after sign-in, in chunks of its own, so the sign-in page's initial
 * JavaScript carries only what that page draws. The same loaders serve React.lazy and the prefetch
 * the sign-in page starts while the mailed code is typed: a module fetched once is not fetched again.
 * The frame draws the resources' labels, so it waits for their English catalogue too.
 */
export const loadConsoleLayout = () => Promise.all([import('../layout/ConsoleLayout'), loadResourceMessages()]).then(([layout]) => layout);
/** The full app (react-admin's <Admin>), which a signed-out visitor's first load leaves out (ConsoleEntry). */
export const loadApp = () => import('../App');
/** The step after the code when terms changed; rare, so not in the sign-in page's first load. */
export const loadTermsStep = () => import('../pages/signIn/TermsStep');
/** The project list at `/`, the first screen after sign-in. */
const loadFirstScreen = () => import('../resources/projects/ProjectList');

/** Fetches what follows the code step when the browser is idle (after the code form has drawn). */
export function prefetchSignedInFrame(): () => void {
  const prefetch = () => {
    // A failed prefetch costs nothing: the lazy views fetch the chunk again when they render.
    Promise.all([loadApp(), loadConsoleLayout(), loadTermsStep(), loadFirstScreen()]).catch(() => undefined);
  };
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(prefetch, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(prefetch, 200);
  return () => clearTimeout(timer);
}
