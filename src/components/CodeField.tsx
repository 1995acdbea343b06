import { Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { codeMessageKey, type CodeSet } from '../shared/code-sets';

interface CodeFieldProps {
  /** The code set of the value (src/shared/code-sets.ts), which says where its words are. */
  set: CodeSet;
  source?: string;
  /** The code to show instead of the record's `source` field (outside a record context). */
  code?: string | null;
  /** Keeps the code in the words' details (their title), where support may need it (codeDetails). */
  showCode?: boolean;
  label?: string;
  sortable?: boolean;
}

/**
 * Where a word stands for a code, the reader sees the word only: the code goes to the element's
 * title (shown on hover, for support) and to `data-code` (for tests), never as "Korea (KR)" or
 * "(P3)" beside the name. Every code drawn beside its words goes through here.
 */
export const codeDetails = (code: string) => ({ title: code, 'data-code': code });

/** The words of a code; a code the table does not know shows as it is, never blank. */
export function CodeWords({ set, code, showCode }: { set: CodeSet; code: string; showCode?: boolean }) {
  const translate = useTranslate();
  return (
    <Typography variant="body2" component="span" {...(showCode ? codeDetails(code) : {})}>
      {translate(codeMessageKey(set, code), { _: code })}
    </Typography>
  );
}

/** A code in a list column or show field, as words: every code a person reads goes through here. */
export function CodeField({ set, source = '', code: given, showCode }: CodeFieldProps) {
  const record = useRecordContext();
  const code: unknown = given !== undefined ? given : record?.[source];
  if (code === null || code === undefined || code === '') return null;
  return <CodeWords set={set} code={String(code)} showCode={showCode} />;
}
