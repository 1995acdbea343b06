import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { PROJECT_DATA_TYPES, planInput, type Plan, type PlanInput } from '../../shared';
import { codeMessageKey } from '../../shared/code-sets';
import { issueWords } from '../../i18n/validationMessage';

/** Adds or edits one plan; the shared schema checks it before it is sent. */
export function PlanDialog({ projectId, plan, busy, onSave, onClose }: { projectId: number; plan?: Plan; busy: boolean; onSave: (input: PlanInput) => void; onClose: () => void }) {
  const translate = useTranslate();
  const [values, setValues] = useState({ title: plan?.title ?? '', dataType: plan?.dataType ?? 'MEDIA', description: plan?.description ?? '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const label = (field: string) => translate(`resources.plans.fields.${field}`);
  const set = (field: keyof typeof values) => (event: React.ChangeEvent<HTMLInputElement>) => setValues({ ...values, [field]: event.target.value });
  const save = () => {
    const parsed = planInput.safeParse({ projectId, ...values });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issueWords(issue, translate)])));
      return;
    }
    onSave({ projectId, ...values });
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="plan-dialog-title">
      <DialogTitle id="plan-dialog-title">{translate(plan ? 'resources.plans.messages.editTitle' : 'resources.plans.messages.newTitle')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        <TextField name="planTitle" label={label('title')} value={values.title} onChange={set('title')} required error={!!errors.title} helperText={errors.title} />
        <TextField select name="planDataType" label={label('dataType')} value={values.dataType} onChange={set('dataType')} error={!!errors.dataType} helperText={errors.dataType}>
          {PROJECT_DATA_TYPES.map((code) => (
            <MenuItem key={code} value={code}>
              {translate(codeMessageKey('projectDataType', code))}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          name="planDescription"
          label={label('description')}
          value={values.description}
          onChange={set('description')}
          multiline
          minRows={3}
          error={!!errors.description}
          helperText={errors.description}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={busy}>
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
