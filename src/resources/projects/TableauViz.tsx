import { useEffect, useRef, useState } from 'react';
import { Box } from '@mui/material';

/**
 * The Tableau Embedding API v3 `<tableau-viz>` element, loaded on first use so the library stays
 * out of the initial bundle. The element is managed by hand: the library re-renders the view on
 * every change of its `token` attribute, so a renewed token is applied only until the view is
 * interactive; after that Tableau's own session carries it, and the fresh token waits for a reload.
 */
export function TableauViz({ src, token, onLoadError }: { src: string; token: string; onLoadError: (message: string) => void }) {
  const container = useRef<HTMLDivElement>(null);
  const viz = useRef<HTMLElement>(null);
  const interactive = useRef(false);
  const [defined, setDefined] = useState(() => typeof customElements !== 'undefined' && !!customElements.get('tableau-viz'));
  const onLoadErrorRef = useRef(onLoadError);
  useEffect(() => {
    onLoadErrorRef.current = onLoadError;
  }, [onLoadError]);

  useEffect(() => {
    if (defined) return;
    let current = true;
    import('@tableau/embedding-api').then(
      () => current && setDefined(true),
      (error: Error) => current && onLoadErrorRef.current(error.message),
    );
    return () => {
      current = false;
    };
  }, [defined]);

  useEffect(() => {
    if (!defined || !container.current) return;
    const element = document.createElement('tableau-viz');
    element.setAttribute('src', src);
    element.setAttribute('toolbar', 'bottom');
    element.setAttribute('hide-tabs', '');
    element.setAttribute('width', '100%');
    element.setAttribute('height', '640');
    element.setAttribute('token', token);
    interactive.current = false;
    const ready = () => (interactive.current = true);
    const failed = (event: Event) => onLoadErrorRef.current(String((event as CustomEvent).detail?.message ?? ''));
    element.addEventListener('firstinteractive', ready);
    element.addEventListener('vizloaderror', failed);
    container.current.replaceChildren(element);
    viz.current = element;
    return () => {
      element.removeEventListener('firstinteractive', ready);
      element.removeEventListener('vizloaderror', failed);
      element.remove();
    };
    // The token is applied separately below; a new token must not rebuild the element.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [defined, src]);

  useEffect(() => {
    if (viz.current && !interactive.current && viz.current.getAttribute('token') !== token) viz.current.setAttribute('token', token);
  }, [token]);

  return <Box ref={container} sx={{ width: '100%', minHeight: 640 }} data-testid="dashboard-frame" />;
}
