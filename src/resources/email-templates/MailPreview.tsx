import { useEffect, useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { Alert, Box, Card, CardContent, CardHeader, LinearProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { RenderedMail } from '../../shared';
import { translatableMessage } from '../../i18n/validationMessage';
import { ApiError } from '../../providers/apiError';
import { useApiRead } from '../../components/useApi';

/** Typing pauses this long before the preview is asked for again. */
const PREVIEW_DELAY_MS = 400;

type Problem = { field?: string; message: string };
/** What a render answered: the mail, or why the server could not write it (the reader's to fix). */
type Rendered = { mail: RenderedMail; problems: [] } | { mail?: undefined; problems: Problem[] };

function problemsOf(error: unknown): Problem[] {
  const apiError = error instanceof ApiError ? error : undefined;
  return apiError?.fieldErrors.length ? apiError.fieldErrors : [{ message: apiError?.text ?? String(error) }];
}

/**
 * The mail rendered by the server (`path`) from what is being edited, with sample values. The
 * HTML part is shown in a sandboxed frame, so nothing in it can run. `shownField` keeps the
 * server's messages about fields the reader has not reached yet out of sight. Until `ready` (the
 * required fields have something in them) the server is not asked: it could only refuse.
 */
export function MailPreview({ path, input, ready = true, shownField = () => true }: { path: string; input: Record<string, unknown>; ready?: boolean; shownField?: (field: string) => boolean }) {
  const translate = useTranslate();
  const requestBody = JSON.stringify(input);
  // What typing paused on; asked for once it has stood PREVIEW_DELAY_MS.
  const [asked, setAsked] = useState<{ body: string; ready: boolean }>();
  useEffect(() => {
    const timer = setTimeout(() => setAsked({ body: requestBody, ready }), PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [requestBody, ready]);
  // A newer body changes the key: the render still under way is cancelled (it took the signal), and the last answer stays until the new one.
  const { data: rendered, isFetching } = useApiRead<Rendered>(
    ['mail-preview', path, asked?.body],
    async (api, { signal }) => {
      try {
        return { data: { mail: (await api.renderMail(path, JSON.parse(asked!.body), signal)).data, problems: [] } };
      } catch (error) {
        if (signal.aborted) throw error;
        return { data: { problems: problemsOf(error) } };
      }
    },
    { enabled: Boolean(asked?.ready), placeholderData: keepPreviousData, retry: false },
  );
  // Nothing is shown from before the form was ready; then a refused render leaves the last mail in view beside the problems.
  const showing = ready && Boolean(asked?.ready);
  const [lastMail, setLastMail] = useState<RenderedMail>();
  if (showing && rendered?.mail && rendered.mail !== lastMail) setLastMail(rendered.mail);
  if (!showing && lastMail) setLastMail(undefined);
  const mail = showing ? lastMail : undefined;
  const problems = showing ? (rendered?.problems ?? []) : [];
  const rendering = showing && isFetching;

  return (
    <Card variant="outlined" data-testid="mail-preview">
      <CardHeader title={translate('resources.email-templates.preview.title')} subheader={translate('resources.email-templates.preview.sample')} />
      <Box sx={{ height: 4 }}>{rendering && <LinearProgress aria-label={translate('resources.email-templates.preview.loading')} />}</Box>
      <CardContent>
        {!ready && (
          <Typography variant="body2" color="text.secondary">
            {translate('resources.email-templates.preview.waiting')}
          </Typography>
        )}
        {problems
          .filter(({ field }) => !field || shownField(field))
          .map((problem) => {
            const { message, args } = translatableMessage(problem);
            return (
              <Alert key={`${problem.field}:${problem.message}`} severity="warning" sx={{ mb: 1 }}>
                {translate(message, args)}
              </Alert>
            );
          })}
        {mail && (
          <>
            <Typography variant="caption" color="text.secondary">
              {translate('resources.email-templates.preview.subject')}
            </Typography>
            <Typography variant="subtitle1" component="p" sx={{ mb: 1, wordBreak: 'break-word' }} data-testid="mail-preview-subject">
              {mail.subject}
            </Typography>
            <Box
              component="iframe"
              title={translate('resources.email-templates.preview.frame')}
              sandbox=""
              srcDoc={mail.html}
              data-testid="mail-preview-html"
              sx={{ width: '100%', height: 320, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
