import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, Card, CardContent, Chip, IconButton, List, ListItem, ListItemText, Tooltip, Typography } from '@mui/material';
import { Confirm, useCreate, useDelete, useGetList, useNotify, useTranslate, useUpdate } from 'react-admin';
import { deleteModeOf } from '../deleteModes';
import { useDeletedWithUndo } from '../ConsoleDeleteButton';
import { useApiErrorToast } from '../../components/useApiErrorToast';
import type { Plan, PlanInput } from '../../shared';
import { PlanDialog } from './PlanDialog';
import { codeMessageKey } from '../../shared/code-sets';
import { formatConsoleDate } from '../../components/ConsoleDateField';

/** The project's plans with who made and last changed each; editors and owners write them. */
export function PlanPanel({ projectId, canEdit }: { projectId: number; canEdit: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { data: plans = [], isPending } = useGetList<Plan>('plans', { filter: { projectId }, pagination: { page: 1, perPage: 100 }, sort: { field: 'createdAt', order: 'DESC' } });
  const [create, { isPending: creating }] = useCreate();
  const [update, { isPending: updating }] = useUpdate();
  const [remove] = useDelete();
  const [editing, setEditing] = useState<Plan | 'new'>();
  const [deleting, setDeleting] = useState<Plan>();
  const failed = useApiErrorToast();
  const deletedWithUndo = useDeletedWithUndo('plans', 'resources.plans.messages.deleted');

  const save = (input: PlanInput) => {
    const done = (message: string) => () => {
      notify(message, { type: 'success' });
      setEditing(undefined);
    };
    if (editing === 'new') create('plans', { data: input }, { onSuccess: done('resources.plans.messages.added'), onError: failed });
    else if (editing) update('plans', { id: editing.id, data: input, previousData: editing }, { mutationMode: 'pessimistic', onSuccess: done('resources.plans.messages.saved'), onError: failed });
  };
  // Undoable: the plan leaves the list at once and the DELETE goes when the notice with Undo closes.
  const confirmDelete = () => {
    const plan = deleting;
    if (!plan) return;
    setDeleting(undefined);
    remove(
      'plans',
      { id: plan.id, previousData: plan },
      {
        mutationMode: deleteModeOf('plans'),
        onSuccess: () => deletedWithUndo([plan.id]),
        onError: failed,
      },
    );
  };

  return (
    <Card variant="outlined" component="section" aria-label={translate('resources.plans.name', { smart_count: 2 })} sx={{ height: '100%' }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="h6">{translate('resources.plans.name', { smart_count: 2 })}</Typography>
          {canEdit && (
            <Button startIcon={<AddIcon />} onClick={() => setEditing('new')}>
              {translate('resources.plans.actions.add')}
            </Button>
          )}
        </Box>
        {!isPending && plans.length === 0 && (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {translate('resources.plans.messages.none')}
          </Typography>
        )}
        <List dense>
          {plans.map((plan) => (
            <ListItem
              key={plan.id}
              divider
              sx={canEdit ? { pr: 12 } : undefined}
              secondaryAction={
                canEdit && (
                  <>
                    <Tooltip title={translate('resources.plans.actions.edit')}>
                      <IconButton size="small" aria-label={`${translate('resources.plans.actions.edit')} ${plan.title}`} onClick={() => setEditing(plan)}>
                        <EditIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={translate('resources.plans.actions.delete')}>
                      <IconButton size="small" aria-label={`${translate('resources.plans.actions.delete')} ${plan.title}`} onClick={() => setDeleting(plan)}>
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </>
                )
              }
            >
              <ListItemText
                primary={
                  <>
                    {plan.title} <Chip size="small" label={translate(codeMessageKey('projectDataType', plan.dataType))} sx={{ ml: 1 }} />
                  </>
                }
                secondary={
                  <>
                    {plan.description && (
                      <Typography component="span" variant="body2" sx={{ display: 'block', whiteSpace: 'pre-line' }}>
                        {plan.description}
                      </Typography>
                    )}
                    <Typography component="span" variant="caption" sx={{ display: 'block' }}>
                      {translate('resources.plans.fields.createdBy')}: {plan.createdBy ?? '—'} · {formatConsoleDate(plan.createdAt)}
                    </Typography>
                    <Typography component="span" variant="caption" sx={{ display: 'block' }}>
                      {translate('resources.plans.fields.updatedBy')}: {plan.updatedBy ?? '—'} · {formatConsoleDate(plan.updatedAt)}
                    </Typography>
                  </>
                }
              />
            </ListItem>
          ))}
        </List>
      </CardContent>
      {editing && <PlanDialog projectId={projectId} plan={editing === 'new' ? undefined : editing} busy={creating || updating} onSave={save} onClose={() => setEditing(undefined)} />}
      <Confirm
        isOpen={!!deleting}
        title="resources.plans.messages.deleteTitle"
        content="resources.plans.messages.deleteContent"
        translateOptions={{ title: deleting?.title ?? '' }}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(undefined)}
      />
    </Card>
  );
}
