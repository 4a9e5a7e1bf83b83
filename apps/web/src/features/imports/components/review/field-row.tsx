import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import { alpha } from '@mui/material/styles';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { KeyboardEvent } from 'react';
import type { FieldRow as Row } from './review-fields';
import type { Side } from './review-model';
import { reviewTexts } from './review-texts';

const EMPTY = '—';

/** The keys that pick a side from a field's radios: left and up keep, right and down take. */
const sideOfKey: Record<string, Side> = {
  ArrowLeft: 'old',
  ArrowUp: 'old',
  ArrowRight: 'new',
  ArrowDown: 'new',
};

type FieldRowProps = {
  row: Row;
  /** The name of the field's pair of radios, unique in the page. */
  name: string;
  /** The operator may pick a side: the field changes, and the row is still to be processed. */
  isChoosable: boolean;
  onChoose: (side: Side) => void;
};

/**
 * A field of an entry: the register's value beside the file's. A changed field is highlighted, the file's
 * value telling the previous one in its tooltip; where the operator may choose, each value is a radio.
 */
export function FieldRow({ row, name, isChoosable, onChoose }: FieldRowProps) {
  const tooltip = row.old ? reviewTexts.previousValue(row.old) : reviewTexts.wasEmpty;

  // The arrows pick a side rather than toggle, so that a key always means the same choice.
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const side = sideOfKey[event.key];
    if (!side || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    onChoose(side);
    const radios = document.getElementsByName(name) as NodeListOf<HTMLInputElement>;
    [...radios].find((radio) => radio.value === side)?.focus();
  };

  const value = (side: Side) => {
    const text = (side === 'old' ? row.old : row.new) || EMPTY;
    if (!isChoosable) return text;
    const action = side === 'old' ? 'оставить значение реестра' : 'принять значение из файла';
    return (
      <FormControlLabel
        label={text}
        sx={{ m: 0, alignItems: 'flex-start', '& .MuiFormControlLabel-label': { pt: 1 } }}
        control={
          <Radio
            size="small"
            name={name}
            value={side}
            checked={row.choice === side}
            onChange={() => onChoose(side)}
            slotProps={{
              input: {
                onKeyDown: handleKeyDown,
                'aria-label': `${row.label}: ${action} «${text}»`,
              },
            }}
          />
        }
      />
    );
  };

  // A registry number never breaks at its hyphens; other values keep their lines.
  const whiteSpace = row.path === 'RegistryNumber' ? 'nowrap' : 'pre-line';

  return (
    <TableRow
      sx={row.isChanged ? { bgcolor: (theme) => alpha(theme.palette.warning.main, 0.12) } : undefined}
    >
      <TableCell component="th" scope="row" sx={{ color: 'text.secondary', width: '30%' }}>
        {row.label}
        {row.choice === 'corrected' && (
          <Typography variant="caption" color="info.main" sx={{ display: 'block' }}>
            {reviewTexts.corrected(row.result)}
          </Typography>
        )}
      </TableCell>
      <TableCell sx={{ whiteSpace }}>{value('old')}</TableCell>
      <TableCell sx={{ whiteSpace, fontWeight: row.isChanged ? 500 : undefined }}>
        {row.isChanged ? (
          <Tooltip title={tooltip} describeChild placement="top-start">
            <span>{value('new')}</span>
          </Tooltip>
        ) : (
          value('new')
        )}
      </TableCell>
    </TableRow>
  );
}
