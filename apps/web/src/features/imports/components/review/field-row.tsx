import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import { alpha } from '@mui/material/styles';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { KeyboardEvent } from 'react';
import type { FieldRow as Row } from './review-fields';
import type { CellMark, Side } from './review-model';
import { reviewTexts } from './review-texts';

const EMPTY = '—';

/** How a field marked since a pre-filled file's download says so under its name. */
const markLooks: Record<CellMark, { text: string; color: string }> = {
  conflict: { text: reviewTexts.conflictMark, color: 'error.main' },
  changedInRegister: { text: reviewTexts.changedInRegisterMark, color: 'info.main' },
  cleared: { text: reviewTexts.clearedMark, color: 'warning.dark' },
};

/** The keys that pick a side from a field's radios: left and up keep, right and down take. */
const sideOfKey: Record<string, Side> = {
  ArrowLeft: 'old',
  ArrowUp: 'old',
  ArrowRight: 'new',
  ArrowDown: 'new',
};

type FieldRowProps = {
  row: Row;
  /** How the cell stands since a pre-filled file's download, if it is marked. */
  mark?: CellMark | undefined;
  /** The name of the field's pair of radios, unique in the page. */
  name: string;
  /** The operator may pick a side: the field changes, and the row is still to be processed. */
  isChoosable: boolean;
  onChoose: (side: Side) => void;
};

/** The radio of a side, once it is drawn. */
function focusRadio(name: string, side: Side) {
  const radios = document.getElementsByName(name) as NodeListOf<HTMLInputElement>;
  [...radios].find((radio) => radio.value === side)?.focus();
}

type FieldValueProps = FieldRowProps & { side: Side };

/**
 * One side's value of a field: text, or a radio where the operator may choose. A field awaiting a decision
 * has no side chosen: a button under each value decides it, and the radios show in their place.
 */
function FieldValue({ row, name, isChoosable, onChoose, side }: FieldValueProps) {
  const text = (side === 'old' ? row.old : row.new) || EMPTY;

  // The arrows pick a side rather than toggle, so that a key always means the same choice.
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const picked = sideOfKey[event.key];
    if (!picked || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    onChoose(picked);
    focusRadio(name, picked);
  };

  // The button goes once pressed: the focus moves on to the radio of the side chosen, drawn in its place.
  const decide = () => {
    onChoose(side);
    window.setTimeout(() => focusRadio(name, side));
  };

  if (!isChoosable) return text;
  if (row.isUndecided) {
    const decision = side === 'old' ? reviewTexts.keepFromRegister : reviewTexts.takeFromFile;
    return (
      <>
        <span>{text}</span>
        <Button
          size="small"
          variant="outlined"
          sx={{ display: 'flex', mt: 0.5 }}
          onClick={decide}
          aria-label={`${decision}: ${row.label}`}
        >
          {decision}
        </Button>
      </>
    );
  }
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
}

/**
 * A field of an entry: the register's value beside the file's. A changed field is highlighted, the file's
 * value telling the previous one in its tooltip; where the operator may choose, each value is a radio, and a
 * field awaiting the operator's decision says so.
 */
export function FieldRow(props: FieldRowProps) {
  const { row, isChoosable, mark } = props;
  const tooltip = row.old ? reviewTexts.previousValue(row.old) : reviewTexts.wasEmpty;
  const isUndecided = isChoosable && row.isUndecided;

  // A registry number never breaks at its hyphens; other values keep their lines, and a long word (an
  // e-mail address, a web address) breaks where it must rather than widen the page past a laptop's screen.
  const valueStyle = {
    whiteSpace: row.path === 'RegistryNumber' ? 'nowrap' : 'pre-line',
    overflowWrap: 'anywhere',
  } as const;

  return (
    <TableRow
      sx={row.isChanged ? { bgcolor: (theme) => alpha(theme.palette.warning.main, 0.12) } : undefined}
    >
      <TableCell component="th" scope="row" sx={{ color: 'text.secondary', width: '30%' }}>
        {row.label}
        {mark && (
          <Typography
            variant="caption"
            color={markLooks[mark].color}
            sx={{ display: 'block', fontWeight: mark === 'changedInRegister' ? undefined : 500 }}
          >
            {markLooks[mark].text}
          </Typography>
        )}
        {isUndecided && (
          <Typography variant="caption" color="warning.dark" sx={{ display: 'block', fontWeight: 500 }}>
            {reviewTexts.needsDecision}
          </Typography>
        )}
        {row.choice === 'corrected' && (
          <Typography variant="caption" color="info.main" sx={{ display: 'block' }}>
            {reviewTexts.corrected(row.result)}
          </Typography>
        )}
      </TableCell>
      <TableCell sx={valueStyle}>
        <FieldValue {...props} side="old" />
      </TableCell>
      <TableCell sx={{ ...valueStyle, fontWeight: row.isChanged ? 500 : undefined }}>
        {row.isChanged ? (
          <Tooltip title={tooltip} describeChild placement="top-start">
            <span>
              <FieldValue {...props} side="new" />
            </span>
          </Tooltip>
        ) : (
          <FieldValue {...props} side="new" />
        )}
      </TableCell>
    </TableRow>
  );
}
