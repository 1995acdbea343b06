import { Box, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { activityChangeTexts, activitySentence, type ActivityEntry } from '../../shared/activity';

/** A row react-admin may draw from a partial record (a placeholder before its data arrives): params and changes may be absent. */
type PartialEntry = Omit<ActivityEntry, 'params' | 'changes'> & Partial<Pick<ActivityEntry, 'params' | 'changes'>>;

/** The entry as a sentence: "Mina Park replaced Monthly budgets KR (25 → 15 rows)". */
export function ActivitySentenceField({ record: given }: { record?: ActivityEntry }) {
  const record = useRecordContext<PartialEntry>({ record: given });
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Typography component="span" variant="body2">
      {activitySentence(record, translate)}
    </Typography>
  );
}

/** Each changed field as "Description 'x' → 'y'", one a line. */
export function ActivityChangesField({ record: given }: { record?: ActivityEntry }) {
  const record = useRecordContext<PartialEntry>({ record: given });
  const translate = useTranslate();
  if (!record?.changes?.length) return null;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {activityChangeTexts(record.resource, record.changes, translate).map((text, index) => (
        <Typography key={index} component="li" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {text}
        </Typography>
      ))}
    </Box>
  );
}
