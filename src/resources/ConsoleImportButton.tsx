import { useId, useState, type ChangeEvent } from 'react';
import {
  Alert,
  Button as TextButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import UploadIcon from '@mui/icons-material/Upload';
import DownloadIcon from '@mui/icons-material/Download';
import { Button, useResourceContext, useTranslate } from 'react-admin';
import { IMPORT_MAX_ROWS, IMPORT_MAX_XLSX_BYTES, importProblemCount, type ImportProblem, type ImportResult } from '../shared/import';
import { formatBytes } from '../shared/file-rules';
import { DialogHeading } from '../components/DialogHeading';
import { FilePickButton } from '../components/FilePickButton';
import { useApiRead, useApiWrite } from '../components/useApi';
import { useApiErrorToast } from '../components/useApiErrorToast';
import { translatableMessage } from '../i18n/validationMessage';
import { ApiError } from '../providers/apiError';
import { saveBlob } from './listExport';

/** A file's bytes in base64, as an XLSX file travels to the server (read there by the uploads' bounded reader). */
const base64Of = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });

/**
 * The most rows the preview draws: a table of thousands of rows takes the browser seconds to draw
 * and no one reads it. Rows with a problem come first, then the first of the others, in row order.
 */
const SHOWN_ROWS = 200;
const shownRows = (rows: ImportResult['rows']) => {
  const withProblems = rows.filter((row) => row.problems.length > 0).slice(0, SHOWN_ROWS);
  const others = rows.filter((row) => row.problems.length === 0).slice(0, SHOWN_ROWS - withProblems.length);
  return [...withProblems, ...others].sort((a, b) => a.row - b.row);
};

/** The select's value for a column left out (no field is named so). */
const LEAVE_OUT = '-';

/** An import's answer, when a refused commit carries one (400 with the rows and their problems). */
const resultOf = (error: unknown): ImportResult | undefined => {
  const data = error instanceof ApiError ? (error.data as Partial<ImportResult> | null) : undefined;
  return data && Array.isArray(data.rows) && Array.isArray(data.columns) ? (data as ImportResult) : undefined;
};

/** A problem's words, under its cell: a validation key in the reader's language, or the server's sentence as it was worded. */
function Problems({ problems }: { problems: ImportProblem[] }) {
  const translate = useTranslate();
  return problems.map((problem, index) => {
    const { message, args } = translatableMessage(problem);
    return (
      <Typography key={index} variant="caption" color="error" component="p">
        {translate(message, args)}
      </Typography>
    );
  });
}

/**
 * "Import" in the toolbar of a list whose declaration is `importable`: a CSV or XLSX file or a pasted table
 * is sent to POST <resource>/import to be checked (nothing is written), its rows shown with each
 * problem under its cell; when none has a problem, "Create N records" sends it again to be created,
 * all rows in one transaction or none.
 */
export function ConsoleImportButton() {
  // The dialog's buttons are MUI's (TextButton): react-admin's Button becomes its icon alone on a phone, and these have words only.
  const resource = useResourceContext();
  const translate = useTranslate();
  const showError = useApiErrorToast();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  // A chosen XLSX file, in base64: sent as it is, the text box left for a pasted table.
  const [xlsx, setXlsx] = useState<string>();
  const [fileName, setFileName] = useState<string>();
  const [fileProblem, setFileProblem] = useState<string>();
  const [result, setResult] = useState<ImportResult>();
  // The person's choice of field for each column (null: left out), once they change one; sent with each check and the commit.
  const [chosen, setChosen] = useState<(string | null)[]>();
  const titleId = useId();
  const back = () => {
    // The table may change behind "Back": its columns are matched by header again.
    setResult(undefined);
    setChosen(undefined);
  };
  const close = () => {
    setOpen(false);
    setText('');
    setXlsx(undefined);
    setFileName(undefined);
    setFileProblem(undefined);
    back();
  };
  const template = useApiRead(['import-template', resource], (api) => api.getImportTemplate(resource!), { enabled: open && resource !== undefined });
  const check = useApiWrite({ success: false });
  // A refused commit answers the rows and their problems: they are shown, as a check's are.
  const create = useApiWrite({ success: { onDone: close }, failure: (error) => (resultOf(error) ? setResult(resultOf(error)) : showError(error)) });
  if (!resource) return null;

  const label = (field: string) => translate(`resources.${resource}.fields.${field}`);
  const fields = template.data?.fields.map(({ field, required }) => `${label(field)}${required ? ' *' : ''}`).join(', ') ?? '…';
  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setFileProblem(undefined);
    if (/\.xlsx$/i.test(file.name)) {
      if (file.size > IMPORT_MAX_XLSX_BYTES) {
        setFileProblem(translate('console.import.xlsxTooLarge', { name: file.name, max: formatBytes(IMPORT_MAX_XLSX_BYTES) }));
        return;
      }
      setXlsx(await base64Of(file));
      setText('');
    } else {
      setXlsx(undefined);
      setText(await file.text());
    }
    setFileName(file.name);
  };
  const table = xlsx === undefined ? { csv: text } : { xlsx };
  const runCheck = async (columns?: (string | null)[]) => {
    const answer = await check.run((api) => api.importTable(resource, table, false, columns));
    if (answer) setResult(answer.data);
  };
  const problems = result ? importProblemCount(result) : 0;
  const columns = result?.columns ?? [];
  // A column the import leaves out (an export's updated time, words beside their code column, one the person left out) is named above the table too.
  const leftOut = columns.filter((column) => column.skipped).map((column) => column.header);
  const shown = new Set(columns.filter((column) => !column.skipped).map(({ field }) => field));
  const drawn = result ? shownRows(result.rows) : [];
  /** A column's choice as its select holds it: a field, LEAVE_OUT, or '' while it matches none. */
  const choiceOf = (column: ImportResult['columns'][number]) => (column.skipped ? LEAVE_OUT : (column.field ?? ''));
  const choose = (index: number, choice: string) => {
    // A column still matching no field is left out once the person chooses for another: the answer shows it so.
    const next = columns.map((column, at) => {
      const value = at === index ? choice : choiceOf(column);
      return value === LEAVE_OUT || value === '' ? null : value;
    });
    setChosen(next);
    void runCheck(next);
  };

  return (
    <>
      <Button label="console.import.button" onClick={() => setOpen(true)}>
        <UploadIcon />
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth={result ? 'lg' : 'sm'}>
        <DialogHeading id={titleId} title={translate('console.import.title', { name: translate(`resources.${resource}.name`, { smart_count: 2 }) })} onClose={close} />
        {result ? (
          <>
            {/* Focusable, so a keyboard can scroll a long table (it holds nothing else to focus). */}
            <DialogContent tabIndex={0} role="region" aria-label={translate('console.import.title', { name: translate(`resources.${resource}.name`, { smart_count: 2 }) })}>
              {result.problems.length > 0 && (
                <Alert severity="error" sx={{ mb: 2 }}>
                  {translate('console.import.fileProblems')}
                  <Problems problems={result.problems} />
                </Alert>
              )}
              {result.problems.length === 0 && (
                <Alert severity={problems > 0 ? 'error' : 'success'} sx={{ mb: 2 }}>
                  {problems > 0 ? translate('console.import.problems', { smart_count: problems }) : translate('console.import.ready', { smart_count: result.rows.length })}
                </Alert>
              )}
              {leftOut.length > 0 && (
                <Typography variant="body2" sx={{ mb: 1 }}>
                  {translate('console.import.leftOut', { columns: leftOut.join(', ') })}
                </Typography>
              )}
              {drawn.length < result.rows.length && (
                <Typography variant="body2" sx={{ mb: 1 }}>
                  {translate('console.import.shown', { shown: drawn.length, count: result.rows.length.toLocaleString() })}
                </Typography>
              )}
              {columns.length > 0 && (
                // Focusable too: on a narrow screen the table scrolls sideways within it.
                <TableContainer tabIndex={0} role="region" aria-label={translate('console.import.rows')}>
                  <Table size="small" aria-label={translate('console.import.title', { name: translate(`resources.${resource}.name`, { smart_count: 2 }) })}>
                    <TableHead>
                      <TableRow>
                        <TableCell>{translate('console.import.row')}</TableCell>
                        {columns.map((column, index) => (
                          <TableCell key={index}>
                            {/* Which field the column is, as matched by its header or chosen; a native select, for the keyboard. */}
                            <TextField
                              select
                              size="small"
                              label={column.header}
                              value={choiceOf(column)}
                              onChange={(event) => choose(index, event.target.value)}
                              error={!column.field && !column.skipped}
                              helperText={!column.field && !column.skipped ? translate('console.import.notAField') : undefined}
                              sx={{ minWidth: '10rem' }}
                              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                            >
                              {choiceOf(column) === '' && <option value="">{translate('console.import.chooseField')}</option>}
                              {(template.data?.fields ?? []).map(({ field }) => (
                                <option key={field} value={field}>
                                  {label(field)}
                                </option>
                              ))}
                              <option value={LEAVE_OUT}>{translate('console.import.leaveOut')}</option>
                            </TextField>
                          </TableCell>
                        ))}
                        <TableCell>{translate('console.import.rowProblems')}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {drawn.map((row) => (
                        <TableRow key={row.row}>
                          <TableCell>{row.row}</TableCell>
                          {columns.map(({ field, skipped }, index) => (
                            <TableCell key={index}>
                              {field && !skipped ? row.values[field] : null}
                              <Problems problems={row.problems.filter((problem) => field !== null && !skipped && problem.field === field)} />
                            </TableCell>
                          ))}
                          <TableCell>
                            <Problems problems={row.problems.filter((problem) => !shown.has(problem.field))} />
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </TableContainer>
              )}
            </DialogContent>
            <DialogActions>
              <TextButton onClick={back}>{translate('console.import.back')}</TextButton>
              <TextButton
                variant="contained"
                disabled={problems > 0 || result.rows.length === 0 || check.pending || create.pending}
                onClick={() => void create.run((api) => api.importTable(resource, table, true, chosen))}
              >
                {translate('console.import.commit', { smart_count: result.rows.length })}
              </TextButton>
            </DialogActions>
          </>
        ) : (
          <>
            <DialogContent>
              <DialogContentText>{translate('console.import.hint', { fields, max: IMPORT_MAX_ROWS.toLocaleString() })}</DialogContentText>
              <Stack spacing={2} sx={{ mt: 2 }}>
                <FilePickButton
                  variant="outlined"
                  startIcon={<UploadIcon />}
                  accept=".csv,.tsv,.txt,.xlsx,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                  onPick={(event) => void readFile(event)}
                >
                  {translate('console.import.file')}
                </FilePickButton>
                {fileName && <Typography variant="body2">{translate('console.import.fileChosen', { name: fileName })}</Typography>}
                {fileProblem && <Alert severity="error">{fileProblem}</Alert>}
                {/* The server's header row, as a file to fill in a spreadsheet and choose above. */}
                <TextButton
                  variant="text"
                  startIcon={<DownloadIcon />}
                  disabled={!template.data}
                  onClick={() => template.data && saveBlob(new Blob([template.data.csv], { type: 'text/csv;charset=utf-8' }), `${resource}-import-template.csv`)}
                  sx={{ alignSelf: 'flex-start' }}
                >
                  {translate('console.import.template')}
                </TextButton>
                <TextField
                  label={translate('console.import.paste')}
                  value={text}
                  onChange={(event) => {
                    setText(event.target.value);
                    setXlsx(undefined);
                    setFileName(undefined);
                  }}
                  multiline
                  minRows={4}
                  maxRows={12}
                  slotProps={{ htmlInput: { spellCheck: false } }}
                />
              </Stack>
            </DialogContent>
            <DialogActions>
              <TextButton onClick={close}>{translate('ra.action.cancel')}</TextButton>
              <TextButton variant="contained" disabled={(xlsx === undefined && text.trim() === '') || check.pending} onClick={() => void runCheck()}>
                {translate('console.import.check')}
              </TextButton>
            </DialogActions>
          </>
        )}
      </Dialog>
    </>
  );
}
