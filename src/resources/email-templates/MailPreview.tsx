import { useEffect, useState } from 'react';
import { Alert, Box, Card, CardContent, CardHeader, LinearProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { RenderedMail } from '../../shared';
import { translatableMessage } from '../../i18n/validationMessage';
import { ApiError } from '../../providers/apiError';
import { useConsoleDataProvider } from '../../providers/dataProvider';

/** Typing pauses this long before the preview is asked for again. */
const PREVIEW_DELAY_MS = 400;

/**
 * The mail rendered by the server (`path`) from what is being edited, with sample values. The
 * HTML part is shown in a sandboxed frame, so nothing in it can run. `shownField` keeps the
 * server's messages about fields the reader has not reached yet out of sight. Until `ready` (the
 * required fields have something in them) the server is not asked: it could only refuse.
 */
export function MailPreview({ path, input, ready = true, shownField = () => true }: { path: string; input: Record<string, unknown>; ready?: boolean; shownField?: (field: string) => boolean }) {
  const translate = useTranslate();
  const dataProvider = useConsoleDataProvider();
  const [mail, setMail] = useState<RenderedMail>();
  const [problems, setProblems] = useState<{ field?: string; message: string }[]>([]);
  const [rendering, setRendering] = useState(false);
  const requestBody = JSON.stringify(input);

  useEffect(() => {
    if (!ready) {
      setMail(undefined);
      setProblems([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setRendering(true);
      try {
        const { data } = await dataProvider.renderMail(path, JSON.parse(requestBody), controller.signal);
        setMail(data);
        setProblems([]);
      } catch (error) {
        if (controller.signal.aborted) return;
        const apiError = error instanceof ApiError ? error : undefined;
        setProblems(apiError?.fieldErrors.length ? apiError.fieldErrors : [{ message: apiError?.text ?? String(error) }]);
      } finally {
        if (!controller.signal.aborted) setRendering(false);
      }
    }, PREVIEW_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [path, requestBody, ready, dataProvider]);

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
