import { Tab, Tabs } from '@mui/material';
import { useNavigate, useTranslate } from 'react-admin';
import { PROPERTY_KINDS, type PropertyKind } from '../../shared';
import { codeMessageKey } from '../../shared/code-sets';
import { usePropertyListPath } from './usePropertyListPath';

/** One tab per code table; switching pushes `?kind=` (and that tab's last search), so back returns to the previous tab. */
export function PropertyKindTabs({ kind }: { kind: PropertyKind }) {
  const navigate = useNavigate();
  const translate = useTranslate();
  const listPath = usePropertyListPath();
  return (
    <Tabs value={kind} onChange={(_event, next: PropertyKind) => navigate(listPath(next))} variant="scrollable" allowScrollButtonsMobile>
      {PROPERTY_KINDS.map((value) => (
        <Tab key={value} value={value} label={translate(codeMessageKey('propertyKind', value), { smart_count: 2 })} />
      ))}
    </Tabs>
  );
}
