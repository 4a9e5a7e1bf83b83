import Box from '@mui/material/Box';
import { Fragment, type ReactNode } from 'react';
import { formatDate, type Requisites } from '@registry/shared';

/** A labelled value of an entry. */
export type Field = readonly [label: string, value: ReactNode];

/** How a flag reads on the card. */
export function flagText(value: boolean): string {
  return value ? 'Да' : 'Нет';
}

/** '№ 12-П от 2025.01.10', or the requisites' text as given when they have no number or date. */
export function formatRequisites({ Number, Date, UnstructuredValue }: Requisites): string {
  const parts = [Number && `№ ${Number}`, Date && `от ${formatDate(Date)}`].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : (UnstructuredValue ?? '');
}

const isEmpty = (value: ReactNode) => value === null || value === undefined || value === '';

/** The labelled values of an entry; empty ones are left out, so that a sparse entry stays short. */
export function FieldList({ fields }: { fields: readonly Field[] }) {
  const filled = fields.filter(([, value]) => !isEmpty(value));
  if (filled.length === 0) return null;
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(180px, 2fr) 3fr' },
        columnGap: 2,
        rowGap: { xs: 0, sm: 1 },
        m: 0,
      }}
    >
      {filled.map(([label, value]) => (
        <Fragment key={label}>
          <Box component="dt" sx={{ color: 'text.secondary' }}>
            {label}
          </Box>
          <Box component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 } }}>
            {value}
          </Box>
        </Fragment>
      ))}
    </Box>
  );
}
