import { AlertTitle, Box, Button, Collapse } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { ApiError } from '../providers/apiError';

/**
 * The inside of a failure's alert or toast: the result in words as the title and the server's
 * message as the text. The result code is for support, not for the person reading: it waits behind
 * "Details", opened on purpose.
 */
export function ApiErrorMessage({ error }: { error: ApiError }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  return (
    <>
      <AlertTitle>{translate(error.titleKey)}</AlertTitle>
      {error.text}
      {error.code && (
        <Box sx={{ mt: 0.5 }}>
          <Button
            size="small"
            color="inherit"
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen((shown) => !shown)}
            sx={{ p: 0, minWidth: 0, textDecoration: 'underline', fontWeight: 400 }}
          >
            {translate('console.result.details')}
          </Button>
          <Collapse in={open} id={detailsId} unmountOnExit>
            <Box sx={{ typography: 'caption' }}>{translate('console.result.code', { code: error.code })}</Box>
          </Collapse>
        </Box>
      )}
    </>
  );
}
