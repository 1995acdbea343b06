import { Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { codeMessageKey, type CodeSet } from '../shared/code-sets';

interface CodeFieldProps {
  /** The code set of the value (src/shared/code-sets.ts), which says where its words are. */
  set: CodeSet;
  source?: string;
  /** The code to show instead of the record's `source` field (outside a record context). */
  code?: string | null;
  /** Shows the code itself in small print after its words, where support may need it. */
  showCode?: boolean;
  label?: string;
  sortable?: boolean;
}

/**
 * A code in small print after its words ("Korea (KR)"): the one way a code is read beside words,
 * for support; the every-screen survey allows a bare code only so.
 */
export function CodeSmallPrint({ code }: { code: string }) {
  return (
    <Typography component="span" variant="caption" color="text.secondary" className="code-small-print" sx={{ ml: 0.5 }}>
      ({code})
    </Typography>
  );
}

/** The words of a code; a code the table does not know shows as it is, never blank. */
export function CodeWords({ set, code, showCode }: { set: CodeSet; code: string; showCode?: boolean }) {
  const translate = useTranslate();
  return (
    <Typography variant="body2" component="span">
      {translate(codeMessageKey(set, code), { _: code })}
      {showCode && <CodeSmallPrint code={code} />}
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
