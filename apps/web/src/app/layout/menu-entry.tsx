import Badge from '@mui/material/Badge';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type MenuEntryProps = {
  label: string;
  icon: ReactNode;
  isMini: boolean;
  isSelected?: boolean;
  /** Shown as a badge when above zero and the menu is not in mini mode. */
  count?: number;
} & ({ to: string; onClick?: never } | { to?: never; onClick: () => void });

/** One line of the operator's side menu: a link, or an action such as logout. */
export function MenuEntry({
  label,
  icon,
  isMini,
  isSelected = false,
  count = 0,
  to,
  onClick,
}: MenuEntryProps) {
  const content = (
    <>
      <ListItemIcon sx={{ minWidth: 0, mr: isMini ? 0 : 2, justifyContent: 'center' }}>{icon}</ListItemIcon>
      {!isMini && <ListItemText primary={label} />}
      {!isMini && count > 0 && (
        <Badge
          badgeContent={count}
          max={99999}
          color="primary"
          sx={{ ml: 2, '& .MuiBadge-badge': { position: 'static', transform: 'none' } }}
        />
      )}
    </>
  );
  // In mini mode the icon alone is visible, so the label becomes the accessible name and a tooltip.
  const common = {
    selected: isSelected,
    'aria-label': isMini ? label : undefined,
    sx: { minHeight: 48, px: 2.5, justifyContent: isMini ? 'center' : 'flex-start' },
  };
  const button = to ? (
    <ListItemButton component={Link} to={to} aria-current={isSelected ? 'page' : undefined} {...common}>
      {content}
    </ListItemButton>
  ) : (
    // A real <button>, so that it is announced and pressed as one.
    <ListItemButton
      component="button"
      onClick={onClick}
      {...common}
      sx={{ ...common.sx, width: '100%', font: 'inherit', textAlign: 'left' }}
    >
      {content}
    </ListItemButton>
  );

  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      {isMini ? (
        <Tooltip title={label} placement="right">
          {button}
        </Tooltip>
      ) : (
        button
      )}
    </ListItem>
  );
}
