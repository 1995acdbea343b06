import { useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  List,
  ListItem,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Confirm, useTranslate } from 'react-admin';
import type { ManualPermission } from '../../shared';
import { useApiRead, useApiWrite } from '../../components/useApi';
import { ScrollsSideways } from '../../components/ScrollsSideways';

const PER_PAGE = 10;
const t = (key: string) => `resources.uploads.permissions.${key}`;

/** The UPLOADER switch of one person, named by their email. */
function UploaderSwitch({ permission, busy, onToggle }: { permission: ManualPermission; busy: boolean; onToggle: (permission: ManualPermission) => void }) {
  return <Switch checked={permission.privType === 'UPLOADER'} disabled={busy} onChange={() => onToggle(permission)} slotProps={{ input: { 'aria-label': `UPLOADER ${permission.email}` } }} />;
}

/**
 * On a phone, one card per person in the lines of a list's card (ConsoleCardList): name, then email,
 * with the switch beside them; three columns would scroll sideways.
 */
function PermissionCards({ rows, empty, busy, onToggle }: { rows: ManualPermission[]; empty: string; busy: boolean; onToggle: (permission: ManualPermission) => void }) {
  const translate = useTranslate();
  if (rows.length === 0) return <Typography color="text.secondary">{empty}</Typography>;
  return (
    <List disablePadding aria-label={translate(t('title'))}>
      {rows.map((permission) => (
        <ListItem key={permission.adminId} divider className="console-card" data-testid="manual-permission-row" sx={{ px: 0, gap: 1 }}>
          <Stack sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
            <Typography component="div" variant="body1" className="console-card-primary" sx={{ fontWeight: 500 }}>
              {permission.name}
            </Typography>
            <Typography component="div" variant="body2" color="text.secondary" className="console-card-secondary">
              {permission.email}
            </Typography>
          </Stack>
          <UploaderSwitch permission={permission} busy={busy} onToggle={onToggle} />
        </ListItem>
      ))}
    </List>
  );
}

/** Who holds UPLOADER, for user managers (rank ≤ 4) within their scope. */
export function ManualPermissionsPanel() {
  const translate = useTranslate();
  const isPhone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
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
  const empty = q ? translate(t('noMatch'), { q }) : translate(t('none'));
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
            sx={{ mb: 1, width: { xs: '100%', sm: 320 } }}
          />
          {isPhone ? (
            <PermissionCards rows={rows.list} empty={empty} busy={busy} onToggle={toggle} />
          ) : (
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
                        {empty}
                      </TableCell>
                    </TableRow>
                  )}
                  {rows.list.map((permission) => (
                    <TableRow key={permission.adminId} data-testid="manual-permission-row">
                      <TableCell>{permission.name}</TableCell>
                      <TableCell>{permission.email}</TableCell>
                      <TableCell>
                        <UploaderSwitch permission={permission} busy={busy} onToggle={toggle} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </ScrollsSideways>
          )}
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
