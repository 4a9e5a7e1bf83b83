import Chip from '@mui/material/Chip';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Intern } from '@registry/shared';
import { paths } from '@/config/paths';

const label = 'Ожидает обработки';

const rowLabel = (row: Intern['PendingImportRows'][number]) =>
  `Импорт № ${row.ImportId}, строка ${row.RowNumber}`;

type PendingImportBadgeProps = { rows: Intern['PendingImportRows'] };

/**
 * 'Ожидает обработки': an import row still waiting names the trainee. The badge leads to that row; when
 * several do, it offers them in a menu.
 */
export function PendingImportBadge({ rows }: PendingImportBadgeProps) {
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const common = { label, color: 'warning', size: 'small', sx: { mb: 1 } } as const;
  const [first] = rows;
  if (!first) return <Chip {...common} />;
  if (rows.length === 1) {
    return (
      <Chip
        {...common}
        clickable
        component={Link}
        to={paths.importChange.href(first.ImportId, first.ChangeId)}
      />
    );
  }
  return (
    <>
      <Chip
        {...common}
        clickable
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
      />
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {rows.map((row) => (
          // A menu item that navigates, rather than a link: a menu's items are its list's own children.
          <MenuItem
            key={row.ChangeId}
            onClick={() => void navigate(paths.importChange.href(row.ImportId, row.ChangeId))}
          >
            {rowLabel(row)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
