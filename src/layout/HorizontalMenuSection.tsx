import { useId, useState, type ReactNode } from 'react';
import { Button, ListItemIcon, ListItemText, ListSubheader, Menu, MenuItem as MuiMenuItem } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { LinkBase, useTranslate } from 'react-admin';
import type { MenuItem } from './menuModel';

/** One section of the horizontal menu: a button that drops down the section's items. */
export function HorizontalMenuSection({ section }: { section: MenuItem }) {
  const translate = useTranslate();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const SectionIcon = section.icon;

  const entries = (items: MenuItem[], depth: number): ReactNode[] =>
    items.flatMap((item) => {
      if (item.items) {
        return [
          <ListSubheader key={item.key} sx={{ lineHeight: '32px', pl: 2 + depth * 1.5 }}>
            {translate(item.label)}
          </ListSubheader>,
          ...entries(item.items, depth + 1),
        ];
      }
      const Icon = item.icon;
      return [
        <MuiMenuItem
          key={item.key}
          disabled={item.disabled}
          onClick={() => {
            item.command?.();
            close();
          }}
          sx={{ pl: 2 + depth * 1.5 }}
          {...(item.to ? { component: LinkBase, to: item.to } : {})}
        >
          {Icon && (
            <ListItemIcon>
              <Icon fontSize="small" />
            </ListItemIcon>
          )}
          <ListItemText>{translate(item.label)}</ListItemText>
        </MuiMenuItem>,
      ];
    });

  return (
    <>
      <Button
        color="inherit"
        startIcon={SectionIcon && <SectionIcon />}
        endIcon={<ExpandMoreIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ textTransform: 'none', whiteSpace: 'nowrap', flexShrink: 0 }}
      >
        {translate(section.label)}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={close}>
        {entries(section.items ?? [], 0)}
      </Menu>
    </>
  );
}
