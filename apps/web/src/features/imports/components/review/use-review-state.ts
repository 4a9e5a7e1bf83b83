import { useMemo, useState } from 'react';
import type { ChangeReview, NamedRef } from '@registry/shared';
import {
  chooseSchool,
  chooseValue,
  comparedEntries,
  replaceEntry,
  reviewSectionKeys,
  setExcluded,
  startDecisions,
  startSection,
  takeAllFromFile,
  undecidedFields,
  type ComparedEntry,
  type Entry,
  type ReviewSectionKey,
  type Side,
} from './review-model';

/**
 * What the operator does to a row before sending it: the section shown, and the decisions on its entries.
 * A row opens on its first changed section, or on the internship when the operator is to choose which one
 * the row goes into.
 */
export function useReviewState(review: ChangeReview) {
  const entries = useMemo(() => comparedEntries(review), [review]);
  const [decisions, setDecisions] = useState(() => startDecisions(entries, review.UnknownSchool));
  const [section, setSection] = useState<ReviewSectionKey>(() => startSection(review, entries));
  // Once the operator moves between sections, the section's heading takes the focus.
  const [hasMoved, setHasMoved] = useState(false);

  const select = (next: ReviewSectionKey) => {
    setSection(next);
    setHasMoved(true);
  };
  const step = (by: 1 | -1) => {
    const index = reviewSectionKeys.indexOf(section) + by;
    select(reviewSectionKeys[Math.min(Math.max(index, 0), reviewSectionKeys.length - 1)]!);
  };

  return {
    entries,
    decisions,
    /** The fields the row still waits for the operator to decide; it is saved once there are none. */
    undecided: undecidedFields(entries, decisions),
    section,
    hasMoved,
    select,
    step,
    hasChanges: (key: ReviewSectionKey) => entries.some((entry) => entry.section === key && entry.HasChanges),
    choose: (entry: ComparedEntry, path: string, side: Side) =>
      setDecisions((current) => chooseValue(current, entry, path, side)),
    correct: (entry: ComparedEntry, corrected: Entry) =>
      setDecisions((current) => replaceEntry(current, entry.key, corrected)),
    takeAll: () => setDecisions((current) => takeAllFromFile(current, entries)),
    /** The row's personal data, where the school goes; null when the row has none. */
    person: entries.find((entry) => entry.section === 'PersonalInfo' && entry.New !== null) ?? null,
    chooseSchool: (person: ComparedEntry, school: NamedRef | null | undefined) =>
      setDecisions((current) => chooseSchool(current, person, school)),
    exclude: (entry: ComparedEntry, isExcluded: boolean) =>
      setDecisions((current) => setExcluded(current, entry.key, isExcluded)),
  };
}

export type ReviewState = ReturnType<typeof useReviewState>;
