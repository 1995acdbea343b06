import { OtpDialog } from './OtpDialog';
import { ProfileDialog } from './ProfileDialog';
import { profileFlow, useProfileStep } from './profileFlow';

/** Renders the profile flow's dialogs; placed once in the layout so they outlive the menu that opened them. */
export function ProfileFlowHost() {
  const step = useProfileStep();
  return (
    <>
      {step === 'otp' && <OtpDialog onClose={profileFlow.close} onVerified={profileFlow.verified} />}
      {step === 'profile' && <ProfileDialog onClose={profileFlow.close} onOtpRejected={profileFlow.verifyAgain} />}
    </>
  );
}
