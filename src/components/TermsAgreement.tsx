import { Box, Checkbox, FormControlLabel, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { OfferedTerm } from '../shared/auth';
import { formatDateTime, runtimeTimeZone } from '../shared/date-time';
import { TermContentField } from './TermContentField';

export const isRequiredTerm = (term: OfferedTerm) => term.requiredFlag === 'Y' || term.agreementType === 'REQUIRED';

export function requiredTermsAccepted(terms: OfferedTerm[], agreed: ReadonlySet<number>): boolean {
  return terms.filter(isRequiredTerm).every((term) => agreed.has(term.termVersionId));
}

/**
 * Each term's title and content with its own checkbox; the caller decides when the required ones
 * block. `showVersion` names each version and since when it is in effect (asking again after a change).
 */
export function TermsAgreement({
  terms,
  agreed,
  onChange,
  showVersion = false,
}: {
  terms: OfferedTerm[];
  agreed: ReadonlySet<number>;
  onChange: (agreed: Set<number>) => void;
  showVersion?: boolean;
}) {
  const translate = useTranslate();
  const toggle = (termVersionId: number, checked: boolean) => {
    const next = new Set(agreed);
    if (checked) next.add(termVersionId);
    else next.delete(termVersionId);
    onChange(next);
  };
  return (
    <Box component="section" aria-label={translate('console.terms.heading')}>
      {terms.map((term) => (
        <Box key={term.termVersionId} sx={{ mb: 2 }}>
          <Typography variant="subtitle1" component="h2">
            {term.title} {translate(isRequiredTerm(term) ? 'console.terms.required' : 'console.terms.optional')}
          </Typography>
          {showVersion && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
              {translate('console.terms.versionSince', { version: term.version, date: formatDateTime(term.effectiveAt, runtimeTimeZone()) })}
            </Typography>
          )}
          <Box sx={{ maxHeight: 160, overflow: 'auto', p: 1, border: 1, borderColor: 'divider', borderRadius: 1, whiteSpace: 'pre-wrap', '& p': { mt: 0, mb: 1 } }} tabIndex={0}>
            <TermContentField record={{ id: term.termVersionId, content: term.content }} />
          </Box>
          <FormControlLabel
            control={<Checkbox checked={agreed.has(term.termVersionId)} onChange={(event) => toggle(term.termVersionId, event.target.checked)} />}
            label={translate('console.terms.agree', { title: term.title })}
          />
        </Box>
      ))}
    </Box>
  );
}
