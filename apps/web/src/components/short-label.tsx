import Box from '@mui/material/Box';
import { visuallyHidden } from '@mui/utils';

type ShortLabelProps = {
  /** The whole label: what assistive technology and tests name the field by. */
  label: string;
  /** What the field shows, where its surroundings say the rest ('Номер' in a box titled 'Договор'). */
  short: string;
};

/**
 * A field's label shown short but named in full, so that a long label ('Выписка из протокола экзаменационной
 * комиссии: номер') is not cut to its common beginning in a narrow field.
 */
export function ShortLabel({ label, short }: ShortLabelProps) {
  return (
    <>
      <Box component="span" sx={visuallyHidden}>
        {label}
      </Box>
      <span aria-hidden="true">{short}</span>
    </>
  );
}
