import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Fragment, useId } from 'react';
import { internshipStages } from '@registry/shared';
import { InternshipStepsTable, type InternshipStages } from '@/components/internship-steps-table';
import { sectionFields, type EditableSectionKey, type Entry, type Field } from '@/lib/section-fields';
import { formatValue, leaves, listItemValues, type LabelledValue } from '@/lib/field-values';
import { valueAt } from '@/lib/value-at';

type ListField = Extract<Field, { kind: 'list' }>;

const stageKeys = new Set<string>(internshipStages.map(([key]) => key));

/** Labelled values as a grid of label and value, a row each. */
function ValueGrid({ values, isCompact = false }: { values: LabelledValue[]; isCompact?: boolean }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: {
          xs: '1fr',
          sm: isCompact ? 'minmax(180px, 2fr) 3fr' : 'minmax(200px, 2fr) 3fr',
        },
        columnGap: 2,
        rowGap: 0.5,
        m: 0,
      }}
    >
      {values.map(({ path, label, value }) => (
        <Fragment key={path}>
          <Box component="dt" sx={{ color: 'text.secondary' }}>
            {label}
          </Box>
          <Box component="dd" sx={{ m: 0, whiteSpace: 'pre-line' }}>
            {value}
          </Box>
        </Fragment>
      ))}
    </Box>
  );
}

/** A list of an entry (an internship's pauses, say) under its label, each item as its own labelled values. */
function ListValues({ field, items }: { field: ListField; items: ReturnType<typeof listItemValues> }) {
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={1}>
      <Typography id={headingId} variant="subtitle2" component="h4">
        {field.label}
      </Typography>
      {items.map(({ position, values }) => (
        <Paper
          key={position}
          role="group"
          aria-label={`${field.itemLabel} ${position}`}
          variant="outlined"
          sx={{ p: 1.5, bgcolor: 'action.hover' }}
        >
          <ValueGrid values={values} isCompact />
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * The filled values of an entry: its own fields as labelled rows, each list's items as labelled sub-entries,
 * and an internship's five stages as one table, as the public card shows them.
 */
export function EntryValues({ section, entry }: { section: EditableSectionKey; entry: Entry }) {
  const hasStagesTable = section === 'InternshipSteps';
  const shown = leaves(sectionFields[section].fields).filter(
    ({ path }) => !(hasStagesTable && stageKeys.has(path.split('.')[0]!)),
  );
  const values: LabelledValue[] = [];
  const lists: { field: ListField; items: ReturnType<typeof listItemValues> }[] = [];
  for (const { path, field } of shown) {
    if (field.kind === 'list') {
      const items = listItemValues(field, valueAt(entry, path));
      if (items.length > 0) lists.push({ field, items });
    } else {
      const value = formatValue(field, valueAt(entry, path));
      if (value !== '') values.push({ path, label: field.label, value });
    }
  }

  if (!hasStagesTable && values.length === 0 && lists.length === 0) {
    return <Typography color="text.secondary">Запись не заполнена</Typography>;
  }
  return (
    <Stack spacing={2}>
      {hasStagesTable && <InternshipStepsTable steps={entry as InternshipStages} />}
      {values.length > 0 && <ValueGrid values={values} />}
      {lists.map(({ field, items }) => (
        <ListValues key={field.name} field={field} items={items} />
      ))}
    </Stack>
  );
}
