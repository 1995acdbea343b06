import { AlertTitle, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ApiError } from '../providers/apiError';

/**
 * The inside of a failure's alert or toast (SPEC §8): the result in words as the title, the
 * server's message as the text, and the code itself in small text for support.
 */
export function ApiErrorMessage({ error }: { error: ApiError }) {
  const translate = useTranslate();
  return (
    <>
      <AlertTitle>{translate(error.titleKey)}</AlertTitle>
      {error.text}
      {error.code && (
        <Typography component="div" variant="caption" sx={{ opacity: 0.85, mt: 0.5 }}>
          {translate('console.result.code', { code: error.code })}
        </Typography>
      )}
    </>
  );
}
