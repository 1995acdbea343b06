import { useWatch } from 'react-hook-form';
import { MailPreview } from '../email-templates/MailPreview';
import { useReachedField } from '../email-templates/useReachedField';

/** The live preview of the alert mail form, inside the active alert e-mail template. */
export function AlertMailPreview() {
  const [procedure, errorId, subtitle, content] = useWatch({ name: ['procedure', 'errorId', 'subtitle', 'content'] });
  const reached = useReachedField();
  return (
    <MailPreview
      path="/alert-mails/preview"
      input={{ procedure: procedure ?? '', errorId: errorId ?? '', subtitle: subtitle ?? '', content: content ?? '' }}
      ready={Boolean(procedure && errorId && subtitle && content)}
      shownField={reached}
    />
  );
}
