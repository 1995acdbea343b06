import { useEffect, useState } from 'react';
import { Accordion, AccordionDetails, AccordionSummary, Stack, Switch, Table, TableBody, TableCell, TableHead, TablePagination, TableRow, TextField, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useNotify, useTranslate } from 'react-admin';
import type { ListPage, ManualPermission } from '../../shared';
import { ApiError } from '../../providers/apiError';
import { request } from '../../providers/httpClient';

const PER_PAGE = 10;

/** Who holds UPLOADER (SPEC §3 "Manual permission"), for user managers (rank ≤ 4) within their scope. */
export function ManualPermissionsPanel() {
  const translate = useTranslate();
  const notify = useNotify();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(0);
  const [rows, setRows] = useState<ListPage<ManualPermission>>();
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const query = { filter: JSON.stringify(q ? { q } : {}), range: JSON.stringify([page * PER_PAGE, page * PER_PAGE + PER_PAGE - 1]) };
    request<ListPage<ManualPermission>>('/manual-permissions', { query }).then((reply) => setRows(reply.data), () => setRows(undefined));
  }, [q, page, version]);

  // Rank 5 callers get 403 and see nothing here.
  if (!rows) return null;
  const toggle = async (permission: ManualPermission) => {
    try {
      const reply = permission.privType
        ? await request(`/manual-permissions/${permission.adminId}`, { method: 'DELETE' })
        : await request('/manual-permissions', { method: 'POST', body: { adminId: permission.adminId, privType: 'UPLOADER' } });
      notify(reply.resultMessage, { type: 'success' });
      setVersion((current) => current + 1);
    } catch (error) {
      notify(error instanceof ApiError ? error.text : String(error), { type: 'error' });
    }
  };
  return (
    <Accordion disableGutters variant="outlined">
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Stack>
          <Typography variant="subtitle1">{translate('resources.uploads.permissions.title')}</Typography>
          <Typography variant="body2" color="text.secondary">{translate('resources.uploads.permissions.hint')}</Typography>
        </Stack>
      </AccordionSummary>
      <AccordionDetails>
        <TextField size="small" label={translate('ra.action.search')} value={q} onChange={(event) => { setQ(event.target.value); setPage(0); }} sx={{ mb: 1, width: 320 }} />
        <Table size="small" aria-label={translate('resources.uploads.permissions.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('resources.uploads.permissions.name')}</TableCell>
              <TableCell>{translate('resources.uploads.permissions.email')}</TableCell>
              <TableCell>UPLOADER</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.list.map((permission) => (
              <TableRow key={permission.adminId}>
                <TableCell>{permission.name}</TableCell>
                <TableCell>{permission.email}</TableCell>
                <TableCell>
                  <Switch checked={permission.privType === 'UPLOADER'} onChange={() => void toggle(permission)} slotProps={{ input: { 'aria-label': `UPLOADER ${permission.email}` } }} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <TablePagination component="div" count={rows.totalCount} page={page} rowsPerPage={PER_PAGE} rowsPerPageOptions={[PER_PAGE]} onPageChange={(_, next) => setPage(next)} />
      </AccordionDetails>
    </Accordion>
  );
}
