import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SessionMode } from '../edit-session';

type CardFooterProps = { mode: SessionMode; onClear: () => void; onSave: () => void };

/** The bar under a card with unsaved changes: clear them, or save them as changes or as a correction. */
export function CardFooter({ mode, onClear, onSave }: CardFooterProps) {
  const isCorrecting = mode === 'corrected';
  return (
    <Paper
      elevation={6}
      component="footer"
      aria-label="Несохранённые изменения"
      sx={{ position: 'sticky', bottom: 0, mt: 3, p: 2, zIndex: 2 }}
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography sx={{ flexGrow: 1 }}>
          {isCorrecting ? 'Режим корректировки: изменения не сохранены' : 'Изменения не сохранены'}
        </Typography>
        <Button onClick={onClear}>Отменить</Button>
        <Button variant="contained" onClick={onSave}>
          {isCorrecting ? 'Сохранить корректировку' : 'Сохранить изменения'}
        </Button>
      </Stack>
    </Paper>
  );
}
