import Chip from '@mui/material/Chip';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Intern } from '@registry/shared';
import { paths } from '@/config/paths';

const label = 'Ожидает обработки';

type PendingImportBadgeProps = { rows: Intern['PendingImportRows'] };

/**
 * 'Ожидает обработки': an import row still waiting names the trainee. The badge leads to that row; when
 * several do, it offers them in a menu.
 */
export function PendingImportBadge({ rows }: PendingImportBadgeProps) {
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
          <MenuItem
            key={row.ChangeId}
            component={Link}
            to={paths.importChange.href(row.ImportId, row.ChangeId)}
          >{`Импорт № ${row.ImportId}, строка ${row.RowNumber}`}</MenuItem>
        ))}
      </Menu>
    </>
  );
}
