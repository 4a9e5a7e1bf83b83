import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import type { ReviewField } from './review-fields';
import { ReviewEntry } from './review-entry';
import {
  sectionTitle,
  type ComparedEntry,
  type Decisions,
  type Entry,
  type ReviewSectionKey,
  type Side,
} from './review-model';
import { reviewTexts } from './review-texts';

type ReviewSectionProps = {
  section: ReviewSectionKey;
  entries: ComparedEntry[];
  fields: ReviewField[];
  decisions: Decisions;
  isEditable: boolean;
  /** The operator moved here: the heading takes the focus, so that a screen reader says where they are. */
  shouldFocus: boolean;
  onChoose: (entry: ComparedEntry, path: string, side: Side) => void;
  onCorrect: (entry: ComparedEntry, current: Entry) => void;
  onExclude: (entry: ComparedEntry, isExcluded: boolean) => void;
  /** What the section says before its entries (the internship's choice). */
  notices?: ReactNode;
};

/** One of the four sections: its entries of the row beside the record's, or that the file has none. */
export function ReviewSection({
  section,
  entries,
  fields,
  decisions,
  isEditable,
  shouldFocus,
  onChoose,
  onCorrect,
  onExclude,
  notices,
}: ReviewSectionProps) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const title = sectionTitle(section);

  useEffect(() => {
    if (shouldFocus) heading.current?.focus();
  }, [shouldFocus]);

  return (
    <Stack component="section" aria-labelledby={headingId} spacing={2}>
      <Typography
        id={headingId}
        ref={heading}
        tabIndex={-1}
        variant="h6"
        component="h2"
        sx={{ outline: 'none' }}
      >
        {title}
      </Typography>
      {notices}
      {entries.length === 0 && <Typography color="text.secondary">{reviewTexts.noData}</Typography>}
      {entries.map((entry) => {
        const result = decisions.results[entry.key] ?? null;
        return (
          <ReviewEntry
            key={entry.key}
            entry={entry}
            title={entries.length > 1 ? `${title} ${entry.index + 1}` : title}
            fields={fields}
            result={result}
            undecided={decisions.undecided[entry.key] ?? []}
            isExcluded={decisions.excluded[entry.key] === true}
            isEditable={isEditable}
            onChoose={(path, side) => onChoose(entry, path, side)}
            onCorrect={() => result && onCorrect(entry, result)}
            onExclude={(isExcluded) => onExclude(entry, isExcluded)}
          />
        );
      })}
    </Stack>
  );
}
