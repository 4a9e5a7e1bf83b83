import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ValueChange } from '@/lib/field-values';

/** The changed values of an entry, one a line: 'Фамилия: Петров → Иванов', '—' for an empty side. */
export function ValueChangeList({ changes }: { changes: ValueChange[] }) {
  if (changes.length === 0) return null;
  return (
    <Box component="ul" sx={{ my: 0.5, pl: 3 }}>
      {changes.map((change) => (
        <li key={change.label}>
          <Typography variant="body2">
            {change.label}: {change.before || '—'} → {change.after || '—'}
          </Typography>
        </li>
      ))}
    </Box>
  );
}
