import { Accordion, AccordionDetails, AccordionSummary, Chip, Stack, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useTranslate } from 'react-admin';
import { useApiRead } from '../../components/useApi';

/** The master schemas, read-only beside the upload. */
export function MasterInfoPanel() {
  const translate = useTranslate();
  const { data: infos = [] } = useApiRead(['master-info'], (api) => api.getMasterInfo(), { retry: false });
  return (
    <Accordion disableGutters variant="outlined">
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Stack>
          <Typography variant="subtitle1" component="span">
            {translate('resources.uploads.messages.masterInfo')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('resources.uploads.messages.masterInfoHint')}
          </Typography>
        </Stack>
      </AccordionSummary>
      <AccordionDetails>
        <Stack spacing={2}>
          {infos.map((info) => (
            <Stack key={info.id} spacing={1}>
              <Typography variant="subtitle2" component="h4">
                {info.metric} · {info.dataSource} · {info.dataType}
              </Typography>
              <Stack direction="row" flexWrap="wrap" gap={0.5}>
                {info.headers.map((header) => (
                  <Chip key={header.field} size="small" variant="outlined" label={`${header.field} · ${header.type}`} />
                ))}
              </Stack>
            </Stack>
          ))}
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}
