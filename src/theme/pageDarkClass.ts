import { useEffect } from 'react';

/** The page's dark-mode class on <html>, for styles outside MUI's theme. */
export const PAGE_DARK_CLASS = 'dark';

export function setPageDarkClass(dark: boolean) {
  document.documentElement.classList.toggle(PAGE_DARK_CLASS, dark);
}

/** Keeps the class in step with the stored setting, also right after a reload. */
export function usePageDarkClass(dark: boolean) {
  useEffect(() => setPageDarkClass(dark), [dark]);
}
