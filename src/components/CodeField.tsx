import { Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { codeWords, type CodeSet } from '../shared/code-sets';

interface CodeFieldProps {
  /** The code set of the value (src/shared/code-sets.ts), which says where its words are. */
  set: CodeSet;
  source?: string;
  /** The code to show instead of the record's `source` field (outside a record context). */
  code?: string | null;
  label?: string;
  sortable?: boolean;
}

/**
 * Where a word stands for a code, the reader sees the word only: the code goes to the element's
 * title (shown on hover, for support) and to `data-code` (for tests), never as "Korea (KR)" or
 * "(P3)" beside the name. Every code drawn as its words goes through here
 * (tests/unit/code-places.spec.tsx renders every place).
 */
export const codeDetails = (code: string) => ({ title: code, 'data-code': code });

/** The words of a code, the code in their details; a code the table does not know shows as it is, never blank. */
export function CodeWords({ set, code }: { set: CodeSet; code: string }) {
  const translate = useTranslate();
  return (
    <Typography variant="body2" component="span" {...codeDetails(code)}>
      {codeWords(translate, set, code)}
    </Typography>
  );
}

/** A code in a list column or show field, as words: every code a person reads goes through here. */
export function CodeField({ set, source = '', code: given }: CodeFieldProps) {
  const record = useRecordContext();
  const code: unknown = given !== undefined ? given : record?.[source];
  if (code === null || code === undefined || code === '') return null;
  return <CodeWords set={set} code={String(code)} />;
}
