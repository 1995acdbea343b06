import { useState } from 'react';
import DeleteIcon from '@mui/icons-material/Delete';
import { Alert, Box, Button, Card, CardContent, IconButton, MenuItem, Table, TableBody, TableCell, TableHead, TableRow, TextField, Tooltip, Typography } from '@mui/material';
import { Confirm, useCreate, useDelete, useGetList, useNotify, useTranslate, useUpdate } from 'react-admin';
import { deleteModeOf } from '../deleteModes';
import { ScrollsSideways } from '../../components/ScrollsSideways';
import { useApiErrorToast } from '../../components/useApiErrorToast';
import { SHARE_PRIVILEGES, type ShareCandidate, type ShareEntry, type SharePrivilege } from '../../shared';
import { ShareCandidateSearch } from './ShareCandidateSearch';

const t = (key: string) => `resources.project-shares.${key}`;

/** Who has access to the project; owners add people by e-mail, change their privilege or remove them. */
export function SharePanel({ projectId, canShare }: { projectId: number; canShare: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { data: shares = [], isPending } = useGetList<ShareEntry>('project-shares', { filter: { projectId }, pagination: { page: 1, perPage: 100 }, sort: { field: 'id', order: 'ASC' } });
  const [create, { isPending: adding }] = useCreate();
  const [update] = useUpdate();
  const [remove] = useDelete();
  const [candidate, setCandidate] = useState<ShareCandidate | null>(null);
  const [privilege, setPrivilege] = useState<SharePrivilege>('VIEWER');
  const [removing, setRemoving] = useState<ShareEntry>();
  const failed = useApiErrorToast();
  const privilegeLabel = (value: SharePrivilege) => translate(t(`privileges.${value}`));

  const add = () => {
    if (!candidate) return;
    create(
      'project-shares',
      { data: { projectId, email: candidate.email, privilege } },
      {
        onSuccess: () => {
          notify(t('messages.added'), { type: 'success', messageArgs: { email: candidate.email } });
          setCandidate(null);
        },
        onError: failed,
      },
    );
  };
  const change = (share: ShareEntry, next: SharePrivilege) =>
    update(
      'project-shares',
      { id: share.id, data: { privilege: next }, previousData: share },
      { mutationMode: 'pessimistic', onSuccess: () => notify(t('messages.changed'), { type: 'success' }), onError: failed },
    );
  const confirmRemove = () => {
    if (!removing) return;
    remove(
      'project-shares',
      { id: removing.id, previousData: removing },
      {
        mutationMode: deleteModeOf('project-shares'),
        onSuccess: () => notify(t('messages.removed'), { type: 'success', messageArgs: { email: removing.email } }),
        onError: failed,
        onSettled: () => setRemoving(undefined),
      },
    );
  };

  return (
    <Card variant="outlined" component="section" aria-label={translate(t('name'), { smart_count: 2 })} sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {translate(t('name'), { smart_count: 2 })}
        </Typography>
        {canShare ? (
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
            <ShareCandidateSearch projectId={projectId} value={candidate} onChange={setCandidate} />
            <TextField
              select
              size="small"
              name="sharePrivilege"
              label={translate(t('fields.privilege'))}
              value={privilege}
              onChange={(event) => setPrivilege(event.target.value as SharePrivilege)}
              sx={{ width: 140 }}
            >
              {SHARE_PRIVILEGES.map((value) => (
                <MenuItem key={value} value={value}>
                  {privilegeLabel(value)}
                </MenuItem>
              ))}
            </TextField>
            <Button variant="contained" onClick={add} disabled={!candidate || adding}>
              {translate(t('actions.add'))}
            </Button>
          </Box>
        ) : (
          <Alert severity="info" sx={{ mb: 2 }}>
            {translate(t('messages.ownersOnly'))}
          </Alert>
        )}
        {!isPending && shares.length === 0 && <Typography color="text.secondary">{translate(t('messages.none'))}</Typography>}
        {shares.length > 0 && (
          <ScrollsSideways>
            <Table size="small" aria-label={translate(t('name'), { smart_count: 2 })}>
              <TableHead>
                <TableRow>
                  {['name', 'email', 'country', 'privilege'].map((column) => (
                    <TableCell key={column}>{translate(t(`fields.${column}`))}</TableCell>
                  ))}
                  {canShare && <TableCell />}
                </TableRow>
              </TableHead>
              <TableBody>
                {shares.map((share) => (
                  <TableRow key={share.id} data-email={share.email}>
                    <TableCell>{share.name}</TableCell>
                    <TableCell>{share.email}</TableCell>
                    <TableCell>
                      {share.country}
                      {share.region && (
                        <Typography variant="caption" color="text.secondary" component="div">
                          {share.region}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>
                      {canShare ? (
                        <TextField
                          select
                          size="small"
                          variant="standard"
                          value={share.privilege}
                          onChange={(event) => change(share, event.target.value as SharePrivilege)}
                          slotProps={{ htmlInput: { 'aria-label': `${translate(t('fields.privilege'))} ${share.email}` } }}
                        >
                          {SHARE_PRIVILEGES.map((value) => (
                            <MenuItem key={value} value={value}>
                              {privilegeLabel(value)}
                            </MenuItem>
                          ))}
                        </TextField>
                      ) : (
                        privilegeLabel(share.privilege)
                      )}
                    </TableCell>
                    {canShare && (
                      <TableCell align="right">
                        <Tooltip title={translate(t('actions.remove'))}>
                          <IconButton size="small" aria-label={`${translate(t('actions.remove'))} ${share.email}`} onClick={() => setRemoving(share)}>
                            <DeleteIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      </TableCell>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollsSideways>
        )}
      </CardContent>
      <Confirm
        isOpen={!!removing}
        title={t('messages.removeTitle')}
        content={t('messages.removeContent')}
        translateOptions={{ email: removing?.email ?? '' }}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(undefined)}
      />
    </Card>
  );
}
