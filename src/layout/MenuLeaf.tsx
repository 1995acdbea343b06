import { ListItem, ListItemButton, ListItemIcon, ListItemText, Tooltip, Typography } from '@mui/material';
import { LinkBase, useLocation, useMatchPath, useTranslate } from 'react-admin';
import type { MenuItem } from './menuModel';
import type { MenuVariant } from './sidebarGeometry';
import { screenPathOf } from '../resources/registry';

interface MenuLeafProps {
  item: MenuItem;
  variant: MenuVariant;
  depth: number;
  /** Called after a click, e.g. to close a drawer. */
  onNavigate?: () => void;
}

/** One clickable entry: a link to its route, a command, or both; greyed out and inert when disabled. */
export function MenuLeaf({ item, variant, depth, onNavigate }: MenuLeafProps) {
  const translate = useTranslate();
  const matchPath = useMatchPath();
  const { pathname } = useLocation();
  const label = translate(item.label);
  const Icon = item.icon;
  const link = item.to ? { component: LinkBase, to: item.to } : {};
  const onClick = () => {
    item.command?.();
    onNavigate?.();
  };

  const button = (
    <ListItemButton
      {...link}
      selected={item.to ? matchPath({ path: item.to, end: true }, screenPathOf(pathname)) !== null : false}
      disabled={item.disabled}
      onClick={onClick}
      aria-label={variant === 'full' ? undefined : label}
      sx={
        variant === 'full'
          ? { pl: 2 + Math.max(0, depth - 1) * 1.5, borderRadius: 1, mx: 1 }
          : { flexDirection: 'column', justifyContent: 'center', borderRadius: 1, mx: 1, py: variant === 'slimPlus' ? 1 : 1.25, px: 0.5 }
      }
    >
      {Icon && (
        <ListItemIcon sx={{ color: 'inherit', minWidth: variant === 'full' ? 36 : 0 }}>
          <Icon fontSize="small" />
        </ListItemIcon>
      )}
      {variant === 'full' && <ListItemText primary={label} />}
      {variant === 'slimPlus' && (
        <Typography variant="caption" sx={{ mt: 0.5, lineHeight: 1.2, textAlign: 'center', fontSize: '0.7rem' }}>
          {label}
        </Typography>
      )}
    </ListItemButton>
  );

  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      {variant === 'slim' ? (
        <Tooltip title={label} placement="right">
          {button}
        </Tooltip>
      ) : (
        button
      )}
    </ListItem>
  );
}
