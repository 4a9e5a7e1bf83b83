import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { NamedRef } from '@registry/shared';
import { SchoolAutocomplete } from '@/components/school-autocomplete';
import { valueAt } from '@/lib/value-at';
import { useCreateSchool } from '../../api/create-school';
import { reviewTexts } from './review-texts';
import type { ReviewState } from './use-review-state';

type SchoolChoiceProps = { unknownSchool: string; state: ReviewState };

/**
 * A row names a school the dictionary lacks (issue #20): the operator picks one of the dictionary, adds the
 * row's to it, or keeps the register's (none for a new trainee); the row is saved once they have.
 */
export function SchoolChoice({ unknownSchool, state }: SchoolChoiceProps) {
  const headingId = useId();
  const create = useCreateSchool();
  const { person, decisions } = state;
  if (!person) return null;
  const result = decisions.results[person.key];
  const chosen = decisions.isSchoolUndecided
    ? null
    : ((valueAt(result, 'School') as NamedRef | null) ?? null);
  const registerSchool = (valueAt(person.Old, 'School') as NamedRef | null) ?? null;
  const choose = (school: NamedRef | null | undefined) => state.chooseSchool(person, school);
  const add = () => create.mutate({ Name: unknownSchool }, { onSuccess: (school) => choose(school) });

  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 2, mb: 2 }}>
      <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 500 }}>
        {reviewTexts.schoolTitle}{' '}
        {decisions.isSchoolUndecided && (
          <Typography component="span" variant="caption" color="warning.dark" sx={{ ml: 1, fontWeight: 500 }}>
            {reviewTexts.needsDecision}
          </Typography>
        )}
      </Typography>
      <Typography sx={{ my: 1 }}>{reviewTexts.unknownSchool(unknownSchool)}</Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'center' } }}>
        <SchoolAutocomplete
          label={reviewTexts.schoolPicker}
          value={chosen}
          onChange={(school) => choose(school ?? undefined)}
        />
        <Button variant="outlined" sx={{ flexShrink: 0 }} onClick={add} loading={create.isPending}>
          {reviewTexts.addSchool}
        </Button>
        <Button sx={{ flexShrink: 0 }} onClick={() => choose(registerSchool)}>
          {registerSchool ? reviewTexts.keepRegisterSchool : reviewTexts.leaveWithoutSchool}
        </Button>
      </Stack>
      <Typography role="status" variant="body2" sx={{ mt: 1 }}>
        {decisions.isSchoolUndecided
          ? ''
          : chosen
            ? reviewTexts.schoolChosen(chosen.Name)
            : reviewTexts.noSchool}
      </Typography>
      {create.error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {create.error.message}
        </Alert>
      )}
    </Paper>
  );
}
