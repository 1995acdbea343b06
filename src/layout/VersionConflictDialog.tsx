import { useSyncExternalStore } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslate, type TranslateFunction } from 'react-admin';
import { DialogHeading } from '../components/DialogHeading';
import { activityCodeWords } from '../shared/activity';
import { formatDateTime, runtimeTimeZone } from '../shared/date-time';
import { VERSION_FIELD } from '../shared/record-versions';
import { versionConflicts, type VersionConflict } from '../resources/versionConflicts';

const TITLE_ID = 'version-conflict-title';

const differs = (a: unknown, b: unknown) => JSON.stringify(a ?? null) !== JSON.stringify(b ?? null);

/**
 * A field's value as a person reads it in a sentence: empty said so, a list as its items, a code in
 * its code table's words as the form's choices and the history say it ('Yes', not 'Y').
 */
function inWords(resource: string, field: string, value: unknown, translate: TranslateFunction): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return translate('console.versions.empty');
  if (Array.isArray(value)) return value.map((item) => inWords(resource, field, item, translate)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return activityCodeWords(resource, field, value, translate) ?? String(value);
}

/**
 * The fields to compare: those the other person changed (as the server names them, or as the two
 * records differ) and those the person changed in the form, where the record has the field.
 */
function fieldsOf({ stale, theirs, previous, yours }: VersionConflict): string[] {
  const theirChanges = stale.fields.length > 0 ? stale.fields : Object.keys(theirs).filter((field) => differs(theirs[field], previous[field]));
  const yourChanges = Object.keys(yours).filter((field) => field in theirs && differs(yours[field], previous[field]));
  return [...new Set([...theirChanges, ...yourChanges])].filter((field) => field !== VERSION_FIELD && field !== 'updatedAt');
}

/**
 * A save refused because someone changed the record since the form opened it: their value beside
 * the person's unsaved one, field by field, and two ways on. Taking theirs puts their record (and
 * its version) in the edit form's place, so the form shows it and a later save is made from it;
 * saving over theirs writes the unsaved values again, naming their version. Closed without a
 * choice, the form keeps what was typed.
 */
export function VersionConflictDialog() {
  const conflict = useSyncExternalStore(versionConflicts.subscribe, versionConflicts.current);
  const translate = useTranslate();
  const queryClient = useQueryClient();
  if (!conflict) return null;
  const { resource, id, theirs, yours, stale } = conflict;
  const label = (field: string) => translate(`resources.${resource}.fields.${field}`, { _: field });
  const who =
    stale.changedBy && stale.changedAt
      ? translate('console.versions.changedBy', { name: stale.changedBy, time: formatDateTime(stale.changedAt, runtimeTimeZone()) })
      : translate('console.versions.changed');
  const takeTheirs = () => {
    queryClient.setQueriesData({ queryKey: [resource, 'getOne', { id: String(id) }] }, theirs);
    versionConflicts.close();
  };
  const saveMine = () => {
    versionConflicts.close();
    conflict.saveMine();
  };
  return (
    <Dialog open onClose={versionConflicts.close} aria-labelledby={TITLE_ID} maxWidth="md" fullWidth>
      <DialogHeading id={TITLE_ID} title={translate('console.versions.title')} onClose={versionConflicts.close} />
      {/* Long values may make it scroll: a region the keyboard can reach and scroll. */}
      <DialogContent tabIndex={0} role="region" aria-label={translate('console.versions.comparison')}>
        <DialogContentText>{who}</DialogContentText>
        <Table size="small" aria-label={translate('console.versions.comparison')} sx={{ '& td, & th': { overflowWrap: 'anywhere' } }}>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                {translate('console.versions.field')}
              </TableCell>
              <TableCell component="th" scope="col">
                {translate('console.versions.theirs')}
              </TableCell>
              <TableCell component="th" scope="col">
                {translate('console.versions.yours')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {fieldsOf(conflict).map((field) => (
              <TableRow key={field}>
                <TableCell component="th" scope="row">
                  {label(field)}
                </TableCell>
                <TableCell>{inWords(resource, field, theirs[field], translate)}</TableCell>
                <TableCell>{inWords(resource, field, field in yours ? yours[field] : conflict.previous[field], translate)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={takeTheirs}>{translate('console.versions.takeTheirs')}</Button>
        <Button onClick={saveMine} variant="contained">
          {translate('console.versions.saveMine')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
