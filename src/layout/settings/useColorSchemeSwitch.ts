import { flushSync } from 'react-dom';
import { useLayoutSettings } from '../../theme/layoutSettings';
import { setPageDarkClass } from '../../theme/pageDarkClass';

/**
 * Switches light/dark: the menu theme follows the scheme and the page's dark-mode class
 * flips. Where the browser has view transitions the switch animates; the DOM must change inside
 * the callback, hence flushSync.
 */
export function useColorSchemeSwitch() {
  const [settings, change] = useLayoutSettings();
  return (dark: boolean) => {
    if (dark === settings.darkTheme) return;
    const apply = () => {
      flushSync(() => change({ darkTheme: dark, menuTheme: dark ? 'dark' : 'light' }));
      setPageDarkClass(dark);
    };
    if (typeof document.startViewTransition === 'function') document.startViewTransition(apply);
    else apply();
  };
}
