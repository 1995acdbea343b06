import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, CardContent, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import KeyIcon from '@mui/icons-material/Key';
import { useGetList, useTranslate } from 'react-admin';
import { AREA_RANK, type Dataset, type UploadHistory } from '../../shared';
import { useApiWrite } from '../../components/useApi';
import { useLivePermissions } from '../../providers/useLivePermissions';
import { ManualPermissionsPanel } from '../uploads/ManualPermissionsPanel';
import { MasterInfoPanel } from '../uploads/MasterInfoPanel';
import { UploadHistoryTable } from '../uploads/UploadHistoryTable';
import { UploadPanel } from '../uploads/UploadPanel';
import { DatasetDialog } from './DatasetDialog';
import { codeMessageKey } from '../../shared/code-sets';
import { ScreenLoading } from '../../components/ScreenLoading';

/**
 * Manual Upload (/project/manual): choose a data set, drop a CSV or XLSX file, read the preview
 * and its problems, commit all or nothing, and follow the data set's upload history.
 */
export function ManualUpload() {
  const translate = useTranslate();
  const permissions = useLivePermissions();
  const uploader = permissions === undefined ? 'unknown' : permissions.uploader ? 'yes' : 'no';
  const managesUsers = (permissions?.rank ?? Infinity) <= AREA_RANK.userManagement;
  const [datasetId, setDatasetId] = useState<number>();
  const [dialog, setDialog] = useState<'create' | 'edit'>();
  const [version, setVersion] = useState(0);
  // The upload the panel shows, and one brought to it from the history (Resume, or discarded there).
  const shown = useRef<number>(undefined);
  const [resumed, setResumed] = useState<UploadHistory>();
  const panel = useRef<HTMLDivElement>(null);
  // Resume reads the upload on a click: a failure is a toast, and the panel stays as it was.
  const reading = useApiWrite({ success: false });
  const {
    data: datasets = [],
    isPending,
    refetch,
  } = useGetList<Dataset>('datasets', { pagination: { page: 1, perPage: 100 }, sort: { field: 'title', order: 'ASC' } }, { enabled: uploader === 'yes' });
  const dataset = datasets.find((candidate) => candidate.id === datasetId);

  useEffect(() => {
    if (datasetId === undefined && datasets.length) setDatasetId(datasets[0].id);
  }, [datasets, datasetId]);

  if (uploader === 'unknown' || (uploader === 'yes' && isPending)) return <ScreenLoading />;
  if (uploader === 'no') {
    return (
      <Stack spacing={2} sx={{ p: { xs: 1, md: 2 } }}>
        <Alert severity="warning">{translate('resources.uploads.messages.notUploader')}</Alert>
        {managesUsers && <ManualPermissionsPanel />}
      </Stack>
    );
  }

  const afterUpload = (upload: UploadHistory) => {
    shown.current = upload.id;
    setVersion((current) => current + 1);
    if (upload.status === 'SUCCESS') void refetch();
  };

  // The history's rows carry no preview: the upload is read whole, then shown in the panel.
  const resume = async (upload: UploadHistory) => {
    const answer = await reading.run((api) => api.getUpload(upload.id));
    if (!answer) return;
    setResumed(answer.data);
    panel.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  const afterDiscard = (upload: UploadHistory) => {
    setVersion((current) => current + 1);
    if (shown.current === upload.id) setResumed(upload);
  };

  return (
    <Stack spacing={2} sx={{ p: { xs: 1, md: 2 } }}>
      <Card variant="outlined">
        <CardContent>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'center' }}>
            <TextField
              select
              label={translate('resources.datasets.messages.choose')}
              value={dataset ? dataset.id : ''}
              sx={{ width: { md: 480 } }}
              onChange={(event) => setDatasetId(Number(event.target.value))}
              disabled={!datasets.length}
              slotProps={{ htmlInput: { 'data-testid': 'dataset-select' } }}
            >
              {datasets.map((candidate) => (
                <MenuItem key={candidate.id} value={candidate.id}>
                  {candidate.title}
                </MenuItem>
              ))}
            </TextField>
            <Button startIcon={<AddIcon />} sx={{ whiteSpace: 'nowrap' }} onClick={() => setDialog('create')}>
              {translate('resources.datasets.actions.create')}
            </Button>
            {dataset && (
              <Button startIcon={<EditIcon />} sx={{ whiteSpace: 'nowrap' }} onClick={() => setDialog('edit')}>
                {translate('resources.datasets.actions.edit')}
              </Button>
            )}
          </Stack>
          {!datasets.length && (
            <Typography color="text.secondary" sx={{ mt: 2 }}>
              {translate('resources.datasets.messages.none')}
            </Typography>
          )}
          {dataset && (
            <Stack spacing={1} sx={{ mt: 2 }}>
              <Typography variant="body2" color="text.secondary">
                {[dataset.dataTypeName ?? dataset.dataType, dataset.description, `${translate('resources.datasets.fields.rowCount')}: ${dataset.rowCount.toLocaleString()}`]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
              <Stack direction="row" flexWrap="wrap" gap={0.5}>
                {dataset.schemaInfo.map((column) => (
                  <Chip
                    key={column.colName}
                    size="small"
                    variant={column.key ? 'filled' : 'outlined'}
                    color={column.key ? 'primary' : 'default'}
                    icon={column.key ? <KeyIcon /> : undefined}
                    title={column.key ? translate('resources.datasets.fields.key') : undefined}
                    label={`${column.colName} · ${translate(codeMessageKey('datasetColumnType', column.colType))}${column.required ? ' *' : ''}`}
                  />
                ))}
              </Stack>
              {dataset.schemaLocked && (
                <Typography variant="body2" color="text.secondary">
                  {translate('resources.datasets.messages.schemaLocked', { count: dataset.rowCount.toLocaleString() })}
                </Typography>
              )}
            </Stack>
          )}
        </CardContent>
      </Card>

      {dataset && (
        <Card variant="outlined" ref={panel}>
          <CardContent>
            <UploadPanel key={dataset.id} dataset={dataset} resumed={resumed?.datasetId === dataset.id ? resumed : undefined} onSettled={afterUpload} />
          </CardContent>
        </Card>
      )}

      {dataset && (
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" sx={{ mb: 1 }}>
              {translate('resources.uploads.messages.history')}
            </Typography>
            <UploadHistoryTable datasetId={dataset.id} version={version} onResume={(upload) => void resume(upload)} onDiscarded={afterDiscard} />
          </CardContent>
        </Card>
      )}

      <MasterInfoPanel />
      {managesUsers && <ManualPermissionsPanel />}

      <DatasetDialog
        open={dialog !== undefined}
        dataset={dialog === 'edit' ? dataset : undefined}
        onClose={() => setDialog(undefined)}
        onSaved={(saved) => {
          setDialog(undefined);
          setDatasetId(saved.id);
          void refetch();
        }}
      />
    </Stack>
  );
}
