import { useState, type FormEvent } from 'react';
import { formatDate, internStatuses, type InternListItem, type InternStatus } from '@registry/shared';
import { FormDialog } from '@/components/form-dialog';
import { SearchAutocomplete } from '@/components/search-autocomplete';
import { internsEndpoint } from '@/lib/search-queries';
import { reviewTexts } from './review-texts';

/** The search starts at two characters (docs/screens.md#row-processing). */
const MIN_TERM = 2;

/**
 * A found trainee as the picker offers it: the name, the SNILS and birth date that tell namesakes apart (the
 * operators' search has them), the status, the numbers, and whether the card is deleted.
 */
export function internOptionLabel(intern: InternListItem): string {
  const status = internStatuses.label(intern.Status as InternStatus);
  const numbers = intern.RegistrationNumbers.map((number) => number.Number).join(', ');
  const snils = intern.Snils ? `СНИЛС ${intern.Snils}` : '';
  const born = intern.DateOfBirth ? `дата рождения ${formatDate(intern.DateOfBirth)}` : '';
  return [intern.FullName, snils, born, status, numbers, intern.IsDeleted ? 'удалён' : '']
    .filter(Boolean)
    .join(' · ');
}

type ChooseInternDialogProps = { onChoose: (internId: number) => void; onClose: () => void };

/**
 * 'Выбор стажёра' (docs/screens.md#row-processing): finds a trainee by name or SNILS, and 'Изменить' (or
 * Ctrl+Enter) compares the row with them. The cursor starts in the search.
 */
export function ChooseInternDialog({ onChoose, onClose }: ChooseInternDialogProps) {
  const [chosen, setChosen] = useState<InternListItem | null>(null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen) onChoose(chosen.Id);
  };

  return (
    <FormDialog
      title={reviewTexts.chooseTitle}
      onSubmit={handleSubmit}
      onClose={onClose}
      isSaving={false}
      alert={[]}
      submitLabel={reviewTexts.choose}
      isSubmitDisabled={chosen === null}
      initialFocus="intern"
    >
      <SearchAutocomplete
        endpoint={internsEndpoint}
        getOptionLabel={internOptionLabel}
        minLength={MIN_TERM}
        label={reviewTexts.chooseLabel}
        value={chosen}
        onChange={setChosen}
        name="intern"
      />
    </FormDialog>
  );
}
