import { useSyncExternalStore } from 'react';

/**
 * window.innerWidth as last read in this task. Reading it after React has changed the page forces a
 * layout, and React reads every store again after each commit: with a dozen frame parts asking, the
 * first signed-in screen laid itself out over and over while it was being drawn. The width cannot
 * change within a task (a resize is an event of its own, which forgets it too).
 */
let width: number | undefined;
const forget = () => {
  width = undefined;
};

function readWidth(): number {
  if (width === undefined) {
    width = window.innerWidth;
    setTimeout(forget);
  }
  return width;
}

const subscribe = (onChange: () => void) => {
  const onResize = () => {
    forget();
    onChange();
  };
  window.addEventListener('resize', onResize);
  return () => window.removeEventListener('resize', onResize);
};

/** window.innerWidth, kept current: the menu toggle and the mobile drawer both depend on it. */
export function useViewportWidth(): number {
  return useSyncExternalStore(subscribe, readWidth);
}
