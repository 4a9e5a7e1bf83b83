import Chip, { type ChipProps } from '@mui/material/Chip';

/** What marks a deleted trainee (docs/screens.md#the-trainee-card), in the list and on the card alike. */
export const deletedLabel = 'Удалён';

/** The 'Удалён' chip of a deleted trainee. */
export function DeletedChip({ sx }: { sx?: ChipProps['sx'] }) {
  return <Chip label={deletedLabel} color="error" size="small" sx={sx} />;
}
