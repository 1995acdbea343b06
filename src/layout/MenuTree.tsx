import { useId } from 'react';
import { Divider, List, ListSubheader } from '@mui/material';
import { useTranslate } from 'react-admin';
import { MenuLeaf } from './MenuLeaf';
import type { MenuItem } from './menuModel';
import type { MenuVariant } from './sidebarGeometry';

interface MenuTreeProps {
  items: MenuItem[];
  variant: MenuVariant;
  depth?: number;
  onNavigate?: () => void;
}

/** The menu drawn top to bottom: items with children become headed sections, the others leaves. */
export function MenuTree({ items, variant, depth = 0, onNavigate }: MenuTreeProps) {
  return items.map((item) =>
    item.items ? (
      <MenuSection key={item.key} item={item} variant={variant} depth={depth} onNavigate={onNavigate} />
    ) : (
      <MenuLeaf key={item.key} item={item} variant={variant} depth={depth} onNavigate={onNavigate} />
    ),
  );
}

/** A heading (a plain divider when the menu shows icons only) over the list of its items. */
function MenuSection({ item, variant, depth, onNavigate }: Required<Omit<MenuTreeProps, 'items' | 'onNavigate'>> & { item: MenuItem; onNavigate?: () => void }) {
  const translate = useTranslate();
  const headingId = useId();
  const label = translate(item.label);
  return (
    <li>
      {variant === 'full' ? (
        <ListSubheader
          id={headingId}
          component="div"
          disableSticky
          sx={{ bgcolor: 'transparent', fontWeight: 700, fontSize: '0.75rem', textTransform: 'uppercase', lineHeight: '32px', mt: 1, pl: 2.5 + depth * 1.5 }}
        >
          {label}
        </ListSubheader>
      ) : (
        <Divider sx={{ my: 1, mx: 2, borderColor: 'currentcolor', opacity: 0.2 }} />
      )}
      <List disablePadding dense aria-labelledby={variant === 'full' ? headingId : undefined} aria-label={variant === 'full' ? undefined : label}>
        <MenuTree items={item.items ?? []} variant={variant} depth={depth + 1} onNavigate={onNavigate} />
      </List>
    </li>
  );
}
