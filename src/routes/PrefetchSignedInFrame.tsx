import { useEffect } from 'react';
import { prefetchSignedInFrame } from './signedInFrame';

/** Rendered with the code step of sign-in: the frame's chunks arrive while the code is typed. */
export function PrefetchSignedInFrame() {
  useEffect(prefetchSignedInFrame, []);
  return null;
}
