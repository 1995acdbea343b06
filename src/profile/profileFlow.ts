import { useSyncExternalStore } from 'react';
import { forgetOtpVerification, isOtpVerified } from './otpVerification';

/**
 * Which dialog of the profile flow is open. It lives outside React so the settings popover that
 * starts the flow can close (and unmount) while the dialogs stay on screen in ProfileFlowHost.
 */
export type ProfileStep = 'closed' | 'otp' | 'profile';

let step: ProfileStep = 'closed';
const listeners = new Set<() => void>();

function moveTo(next: ProfileStep): void {
  step = next;
  for (const listener of listeners) listener();
}

export const profileFlow = {
  /** Straight to the profile once OTP was verified in this browser session. */
  open: () => moveTo(isOtpVerified() ? 'profile' : 'otp'),
  verified: () => moveTo('profile'),
  /** The server refused the OTP token: verify again, then come back to the profile. */
  verifyAgain: () => {
    forgetOtpVerification();
    moveTo('otp');
  },
  close: () => moveTo('closed'),
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  current: (): ProfileStep => step,
};

export function useProfileStep(): ProfileStep {
  return useSyncExternalStore(profileFlow.subscribe, profileFlow.current);
}
