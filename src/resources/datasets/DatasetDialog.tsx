import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import DeleteIcon from '@mui/icons-material/Delete';
import { Form, useTranslate } from 'react-admin';
import { get, useFormContext, useWatch } from 'react-hook-form';
import { DATASET_COLUMN_TYPES, datasetInput, type Dataset, type DatasetColumn, type InferredColumnReason } from '../../shared';
import type { FieldError } from '../../shared/envelope';
import { ApiError } from '../../providers/apiError';
import { translatableMessage } from '../../i18n/validationMessage';
import { CodeWords } from '../../components/CodeField';
import { zodValidator, type FormMessage } from '../zodForm';
import { FilePickButton } from '../../components/FilePickButton';
import { useApiRead, useApiWrite } from '../../components/useApi';
import { usePropertyName } from '../../components/usePropertyName';

const emptyColumn = (): DatasetColumn => ({ colName: '', colType: 'VARCHAR', required: false, key: false });

interface DatasetValues {
  title: string;
  dataType: string;
  description: string;
  schemaInfo: DatasetColumn[];
}

/** What the server takes: an empty description is no description. */
const requestOf = ({ title, dataType, description, schemaInfo }: DatasetValues) => ({ title, dataType, description: description || null, schemaInfo });
const validateDataset = (values: Record<string, unknown>) => zodValidator(datasetInput)(requestOf(values as unknown as DatasetValues));

/**
 * Creates or edits a data set. Once the data set holds rows its columns are read-only and only
 * optional columns can be added at the end; the server enforces the same rule (409,
 * schemaChangeProblem) with the same shared schema for every field.
 */
export function DatasetDialog({ dataset, open, onClose, onSaved }: { dataset?: Dataset; open: boolean; onClose: () => void; onSaved: (saved: Dataset) => void }) {
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  // The Form's submit waits for the save; a refusal is shown at its fields.
  const { run } = useApiWrite({
    success: false,
    failure: (error) => {
      if (error instanceof ApiError) setServerErrors(error.fieldErrors.length ? error.fieldErrors : [{ field: 'root', message: error.text }]);
    },
  });
  const record = useMemo<DatasetValues>(
    () => ({ title: dataset?.title ?? '', dataType: dataset?.dataType ?? '', description: dataset?.description ?? '', schemaInfo: dataset?.schemaInfo.length ? dataset.schemaInfo : [emptyColumn()] }),
    [dataset],
  );
  useEffect(() => {
    if (open) setServerErrors([]);
  }, [open, dataset]);

  const save = async (values: Record<string, unknown>) => {
    const answer = await run((api) => api.saveDataset(dataset?.id, requestOf(values as unknown as DatasetValues)));
    if (answer) onSaved(answer.data);
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth>
      {/* The schema's messages wait for the first save, then follow every edit (react-hook-form's onSubmit mode). */}
      <Form record={record} validate={validateDataset} onSubmit={save} noValidate>
        <DatasetFields dataset={dataset} onClose={onClose} serverErrors={serverErrors} setServerErrors={setServerErrors} />
      </Form>
    </Dialog>
  );
}

function DatasetFields({ dataset, onClose, serverErrors, setServerErrors }: { dataset?: Dataset; onClose: () => void; serverErrors: FieldError[]; setServerErrors: (errors: FieldError[]) => void }) {
  const nameOf = usePropertyName();
  const translate = useTranslate();
  const { run } = useApiWrite({
    success: false,
    failure: (error) => {
      if (error instanceof ApiError) setServerErrors([error.fieldErrors[0] ? { ...error.fieldErrors[0], field: 'root' } : { field: 'root', message: error.text }]);
    },
  });
  const { setValue, getValues, formState } = useFormContext<DatasetValues>();
  const [title, dataType, description, columns] = useWatch<DatasetValues, ['title', 'dataType', 'description', 'schemaInfo']>({ name: ['title', 'dataType', 'description', 'schemaInfo'] });
  const dataTypes = useApiRead(['datasets', 'options'], (api) => api.getDatasetOptions(), { retry: false }).data?.dataTypes ?? [];
  /** The file the columns were proposed from, how many of its rows were read, and why each column has its type (by proposed name). */
  const [inferredFrom, setInferredFrom] = useState<{ name: string; rows: number; reasons: Map<string, InferredColumnReason> }>();
  const locked = dataset?.schemaLocked ?? false;
  /** Columns the stored rows have values for: fixed while the data set holds rows. */
  const fixedColumns = locked ? dataset!.schemaInfo.length : 0;

  /** The schema's message in the reader's language, else the server's (its key worded in the reader's language). */
  const fieldError = (field: string) => {
    const own = (get(formState.errors, field) as { message?: FormMessage } | undefined)?.message;
    if (own) return translate(own.message, own.args);
    const server = serverErrors.find((error) => error.field === field);
    if (!server) return undefined;
    const { message, args } = translatableMessage(server);
    return translate(message, args);
  };
  /** An edit answers the server's messages about the values before it; after a save attempt the schema's too. */
  const change = <K extends keyof DatasetValues>(field: K, value: DatasetValues[K]) => {
    setValue(field, value as never, { shouldDirty: true, shouldValidate: formState.isSubmitted });
    setServerErrors([]);
  };
  const setColumns = (update: (current: DatasetColumn[]) => DatasetColumn[]) => change('schemaInfo', update(getValues('schemaInfo')));
  const setColumn = (index: number, patch: Partial<DatasetColumn>) =>
    setColumns((current) => current.map((column, i) => (i === index ? { ...column, ...patch, ...(patch.key ? { required: true } : {}) } : column)));
  const setTitle = (update: (current: string) => string) => change('title', update(getValues('title')));

  /** Proposes the title and columns from a file's header and first rows (POST /datasets/infer), to edit before saving. */
  const startFromFile = async (file: File | undefined) => {
    if (!file) return;
    const body = new FormData();
    body.append('file', file);
    const reply = await run((api) => api.inferDataset(body));
    if (!reply) return;
    setTitle((current) => current || reply.data.title);
    setColumns(() => reply.data.schemaInfo);
    setInferredFrom({ name: file.name, rows: reply.data.sampledRows, reasons: new Map(reply.data.schemaInfo.map((column, index) => [column.colName, reply.data.reasons[index]])) });
  };

  return (
    <>
      <DialogTitle>{translate(dataset ? 'resources.datasets.actions.edit' : 'resources.datasets.actions.create')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {fieldError('root') && <Alert severity="error">{fieldError('root')}</Alert>}
          <Stack direction="row" spacing={2}>
            <TextField
              label={translate('resources.datasets.fields.title')}
              value={title}
              onChange={(event) => change('title', event.target.value)}
              required
              fullWidth
              error={!!fieldError('title')}
              helperText={fieldError('title')}
            />
            <TextField
              select
              label={translate('resources.datasets.fields.dataType')}
              value={dataTypes.length ? dataType : ''}
              onChange={(event) => change('dataType', event.target.value)}
              required
              sx={{ minWidth: 200 }}
              error={!!fieldError('dataType')}
              helperText={fieldError('dataType')}
            >
              {dataTypes.map((type) => (
                <MenuItem key={type.code} value={type.code}>
                  {nameOf('data-types', type)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <TextField
            label={translate('resources.datasets.fields.description')}
            value={description}
            onChange={(event) => change('description', event.target.value)}
            multiline
            minRows={2}
            error={!!fieldError('description')}
            helperText={fieldError('description')}
          />
          <Stack direction="row" justifyContent="space-between" alignItems="center" flexWrap="wrap" gap={1}>
            <Typography variant="subtitle2">{translate('resources.datasets.fields.schemaInfo')}</Typography>
            {!dataset && (
              <FilePickButton
                size="small"
                startIcon={<UploadFileIcon />}
                accept=".csv,.xlsx"
                onPick={(event) => {
                  void startFromFile(event.target.files?.[0]);
                  event.target.value = '';
                }}
              >
                {translate('resources.datasets.actions.fromFile')}
              </FilePickButton>
            )}
          </Stack>
          {inferredFrom && (
            <Alert severity="info">{translate('resources.datasets.messages.inferred', { name: inferredFrom.name, smart_count: inferredFrom.rows, count: inferredFrom.rows.toLocaleString() })}</Alert>
          )}
          {locked && <Alert severity="info">{translate('resources.datasets.messages.schemaLocked', { count: dataset!.rowCount.toLocaleString() })}</Alert>}
          {fieldError('schemaInfo') && <Alert severity="error">{fieldError('schemaInfo')}</Alert>}
          {columns.map((column, index) => {
            const fixed = index < fixedColumns;
            // The reason stays while the column keeps the name it was proposed with.
            const reason = inferredFrom?.reasons.get(column.colName);
            return (
              <Stack key={index} spacing={0.5}>
                <Stack direction="row" spacing={1} alignItems="flex-start">
                  <TextField
                    size="small"
                    label={translate('resources.datasets.fields.colName')}
                    value={column.colName}
                    disabled={fixed}
                    sx={{ flex: 1 }}
                    onChange={(event) => setColumn(index, { colName: event.target.value })}
                    error={!!fieldError(`schemaInfo.${index}.colName`)}
                    helperText={fieldError(`schemaInfo.${index}.colName`)}
                  />
                  <TextField
                    select
                    size="small"
                    label={translate('resources.datasets.fields.colType')}
                    value={column.colType}
                    disabled={fixed}
                    sx={{ width: 140 }}
                    onChange={(event) => setColumn(index, { colType: event.target.value as DatasetColumn['colType'] })}
                  >
                    {DATASET_COLUMN_TYPES.map((type) => (
                      <MenuItem key={type} value={type}>
                        <CodeWords set="datasetColumnType" code={type} />
                      </MenuItem>
                    ))}
                  </TextField>
                  <FormControlLabel
                    control={<Checkbox checked={column.required} disabled={locked || column.key} onChange={(event) => setColumn(index, { required: event.target.checked })} />}
                    label={translate('resources.datasets.fields.required')}
                  />
                  <FormControlLabel
                    control={<Checkbox checked={column.key} disabled={locked} onChange={(event) => setColumn(index, { key: event.target.checked })} />}
                    label={translate('resources.datasets.fields.key')}
                  />
                  <IconButton
                    aria-label={translate('resources.datasets.actions.removeColumn', { name: column.colName })}
                    disabled={fixed || columns.length === 1}
                    onClick={() => setColumns((current) => current.filter((_, i) => i !== index))}
                  >
                    <DeleteIcon />
                  </IconButton>
                </Stack>
                {reason && (
                  <Typography variant="caption" color="text.secondary" data-testid="infer-reason">
                    {translate(`resources.datasets.inferReasons.${reason.reason}`, { smart_count: reason.count, count: reason.count.toLocaleString(), example: reason.example ?? '' })}
                  </Typography>
                )}
              </Stack>
            );
          })}
          <Stack direction="row" justifyContent="space-between" alignItems="center" flexWrap="wrap">
            <Button startIcon={<AddIcon />} onClick={() => setColumns((current) => [...current, emptyColumn()])}>
              {translate('resources.datasets.actions.addColumn')}
            </Button>
            {!locked && (
              <Typography variant="body2" color="text.secondary">
                {translate('resources.datasets.messages.keyHint')}
              </Typography>
            )}
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('resources.datasets.actions.cancel')}</Button>
        <Button variant="contained" type="submit">
          {translate('resources.datasets.actions.save')}
        </Button>
      </DialogActions>
    </>
  );
}
