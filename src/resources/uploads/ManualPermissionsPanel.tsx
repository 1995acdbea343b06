import { useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { Accordion, AccordionDetails, AccordionSummary, Stack, Switch, Table, TableBody, TableCell, TableHead, TablePagination, TableRow, TextField, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Confirm, useTranslate } from 'react-admin';
import type { ManualPermission } from '../../shared';
import { useApiRead, useApiWrite } from '../../components/useApi';
import { ScrollsSideways } from '../../components/ScrollsSideways';

const PER_PAGE = 10;
const t = (key: string) => `resources.uploads.permissions.${key}`;

/** Who holds UPLOADER, for user managers (rank ≤ 4) within their scope. */
export function ManualPermissionsPanel() {
  const translate = useTranslate();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(0);
  const [revoking, setRevoking] = useState<ManualPermission>();
  const query = { filter: JSON.stringify(q ? { q } : {}), range: JSON.stringify([page * PER_PAGE, page * PER_PAGE + PER_PAGE - 1]) };
  const { data: rows } = useApiRead(['manual-permissions', q, page], (api) => api.getManualPermissions(query), { placeholderData: keepPreviousData, retry: false });
  // A change toasts the server's words and refreshes, which reads the list again.
  const { run: send, pending: busy } = useApiWrite();

  // Rank 5 callers get 403 and see nothing here.
  if (!rows) return null;
  // Granting is one click; revoking takes the permission away, so it asks first.
  const toggle = (permission: ManualPermission) => {
    if (permission.privType) setRevoking(permission);
    else void send((api) => api.grantManualPermission(permission.adminId));
  };
  const confirmRevoke = async () => {
    if (!revoking) return;
    await send((api) => api.revokeManualPermission(revoking.adminId));
    setRevoking(undefined);
  };
  return (
    <>
      <Accordion disableGutters variant="outlined">
        <AccordionSummary expandIcon={<ExpandMoreIcon />}>
          <Stack>
            <Typography variant="subtitle1" component="span">
              {translate(t('title'))}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate(t('hint'))}
            </Typography>
          </Stack>
        </AccordionSummary>
        <AccordionDetails>
          <TextField
            size="small"
            label={translate('ra.action.search')}
            value={q}
            onChange={(event) => {
              setQ(event.target.value);
              setPage(0);
            }}
            sx={{ mb: 1, width: 320 }}
          />
          <ScrollsSideways>
            <Table size="small" aria-label={translate(t('title'))}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate(t('name'))}</TableCell>
                  <TableCell>{translate(t('email'))}</TableCell>
                  <TableCell>UPLOADER</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.list.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={3} sx={{ color: 'text.secondary' }}>
                      {q ? translate(t('noMatch'), { q }) : translate(t('none'))}
                    </TableCell>
                  </TableRow>
                )}
                {rows.list.map((permission) => (
                  <TableRow key={permission.adminId}>
                    <TableCell>{permission.name}</TableCell>
                    <TableCell>{permission.email}</TableCell>
                    <TableCell>
                      <Switch
                        checked={permission.privType === 'UPLOADER'}
                        disabled={busy}
                        onChange={() => toggle(permission)}
                        slotProps={{ input: { 'aria-label': `UPLOADER ${permission.email}` } }}
                      />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollsSideways>
          <TablePagination component="div" count={rows.totalCount} page={page} rowsPerPage={PER_PAGE} rowsPerPageOptions={[PER_PAGE]} onPageChange={(_, next) => setPage(next)} />
        </AccordionDetails>
      </Accordion>
      <Confirm
        isOpen={!!revoking}
        loading={busy}
        title={t('revokeTitle')}
        titleTranslateOptions={{ name: revoking?.name ?? '' }}
        content={t('revokeContent')}
        contentTranslateOptions={{ email: revoking?.email ?? '' }}
        confirmColor="warning"
        onConfirm={() => void confirmRevoke()}
        onClose={() => setRevoking(undefined)}
      />
    </>
  );
}
