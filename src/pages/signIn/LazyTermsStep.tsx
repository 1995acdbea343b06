import { Suspense, type ComponentProps } from 'react';

import { lazyNamed } from '../../routes/lazyNamed';
import { loadTermsStep } from '../../routes/signedInFrame';
import type { TermsStep as TermsStepView } from './TermsStep';
import { ScreenLoading } from '../../components/ScreenLoading';

const LazyTermsStep = lazyNamed(loadTermsStep, 'TermsStep');

/**
 * The terms step in a chunk of its own: few sign-ins reach it, and the rich-text field that shows
 * the terms (with its HTML sanitiser) is not part of the sign-in page's initial JavaScript.
 */
export function TermsStep(props: ComponentProps<typeof TermsStepView>) {
  return (
    <Suspense fallback={<ScreenLoading />}>
      <LazyTermsStep {...props} />
    </Suspense>
  );
}
