import { AlertTitle, Box, Button, Collapse } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { ApiError } from '../providers/apiError';

/**
 * The inside of a failure's alert or toast: the result in words as the title and the server's
 * message as the text; a failure no server sentence explains (a lost connection) says what it
 * means in the reader's language instead. The result code and a browser client's own English are
 * for support, not for the person reading: they wait behind "Details", opened on purpose.
 */
export function ApiErrorMessage({ error }: { error: ApiError }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const technical = error.textIsTechnical;
  return (
    <>
      <AlertTitle>{translate(error.titleKey)}</AlertTitle>
      {technical ? translate(error.explainKey) : error.text}
      {(error.code || technical) && (
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
            {error.code && <Box sx={{ typography: 'caption' }}>{translate('console.result.code', { code: error.code })}</Box>}
            {technical && <Box sx={{ typography: 'caption' }}>{translate('console.result.said', { text: error.text })}</Box>}
          </Collapse>
        </Box>
      )}
    </>
  );
}
