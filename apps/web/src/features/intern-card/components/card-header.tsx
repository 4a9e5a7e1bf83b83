import MoreVertIcon from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { internStatuses, type Intern, type InternStatus } from '@registry/shared';
import { DeletedChip } from '@/components/deleted-chip';
import { PageTitle } from '@/components/page-title';
import { AsOfField } from './as-of-field';
import { PendingImportBadge } from './pending-import-badge';

type CardHeaderProps = {
  /** The saved trainee, or null for a new one. */
  intern: Intern | null;
  /** The day the card is shown as of, or null for its current state. */
  asOf: string | null;
  /** Shows the card as of a day. */
  onAsOf: (day: string) => void;
  /** Deleting and restoring, offered on the current state only. */
  onDelete?: () => void;
  onRestore?: () => void;
};

/**
 * The card's heading: the name, whether the trainee is deleted, the first registration number, the day to show
 * the card as of, and the menu.
 */
export function CardHeader({ intern, asOf, onAsOf, onDelete, onRestore }: CardHeaderProps) {
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const first = intern?.RegistrationNumbers[0];

  const handleChoose = (action: () => void) => {
    setMenuAnchor(null);
    action();
  };

  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', mb: 2 }}>
      <Stack sx={{ flexGrow: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <PageTitle title={intern ? intern.FullName : 'Новый стажёр'} />
          {intern?.IsDeleted && <DeletedChip sx={{ mb: 1 }} />}
          {intern?.HasPendingImport && <PendingImportBadge rows={intern.PendingImportRows} />}
          {intern && (
            <Chip label={internStatuses.label(intern.Status as InternStatus)} size="small" sx={{ mb: 1 }} />
          )}
        </Stack>
        {first && (
          <Typography color="text.secondary">
            Регистрационный номер{' '}
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              {first.Number}
            </Box>
            , {first.Organization.Name}
          </Typography>
        )}
      </Stack>
      {intern && <AsOfField value={asOf} onChange={onAsOf} />}
      {intern && onDelete && onRestore && (
        <>
          <IconButton
            aria-label="Действия со стажёром"
            onClick={(event) => setMenuAnchor(event.currentTarget)}
          >
            <MoreVertIcon />
          </IconButton>
          <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
            {intern.IsDeleted ? (
              <MenuItem onClick={() => handleChoose(onRestore)}>Восстановить стажёра</MenuItem>
            ) : (
              <MenuItem onClick={() => handleChoose(onDelete)}>Удалить стажёра</MenuItem>
            )}
          </Menu>
        </>
      )}
    </Stack>
  );
}
