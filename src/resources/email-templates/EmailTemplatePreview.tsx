import { useWatch } from 'react-hook-form';
import { MailPreview } from './MailPreview';
import { useReachedField } from './useReachedField';

/** The live preview of the e-mail template form, with sample values as a reader of its language has them. */
export function EmailTemplatePreview() {
  const [type, language, title, body, statements] = useWatch({ name: ['type', 'language', 'title', 'body', 'statements'] });
  const paragraphs = ((statements ?? []) as { statement?: string }[]).map((statement) => ({ statement: statement?.statement ?? '' }));
  const reached = useReachedField();
  return (
    <MailPreview
      path="/email-templates/preview"
      input={{ type, language: language ?? 'en', title: title ?? '', body: body ?? '', statements: paragraphs }}
      ready={Boolean(type && title && body)}
      shownField={reached}
    />
  );
}
