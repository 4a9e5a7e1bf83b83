import { useParams } from 'react-router';
import { IdSchema } from '@registry/shared';
import type { ReviewTarget } from '@/features/imports/api/get-change-review';
import { ChangeReviewPage } from '@/features/imports/components/review/change-review';
import type {
  CardKit,
  EntryEditorProps,
  ReviewField,
} from '@/features/imports/components/review/review-fields';
import {
  cardSectionOf,
  reviewSectionKeys,
  type ReviewSectionKey,
} from '@/features/imports/components/review/review-model';
import { EntryDialog } from '@/features/intern-card/components/entry-dialog';
import { formatValue, leaves } from '@/lib/field-values';
import { sectionFields } from '@/lib/section-fields';
import { NotFoundRoute } from './not-found';

/*
 * The row review lives in the imports feature; the fields it compares and the form that corrects an entry
 * are the trainee card's. The two features meet here, where the app composes them.
 */

const fieldsBySection = Object.fromEntries(
  reviewSectionKeys.map((section) => [
    section,
    leaves(sectionFields[cardSectionOf[section]].fields).map(({ path, field }): ReviewField => ({
      path,
      label: field.label,
      format: (value) => formatValue(field, value),
    })),
  ]),
) as Record<ReviewSectionKey, ReviewField[]>;

/** The card's own form of an entry, titled as the card titles an edit. */
function CardEntryEditor({ section, entry, isCheckedAtOnce, onApply, onClose }: EntryEditorProps) {
  return (
    <EntryDialog
      section={cardSectionOf[section]}
      action="edit"
      entry={entry}
      isCheckedAtOnce={isCheckedAtOnce}
      onApply={onApply}
      onClose={onClose}
    />
  );
}

export const reviewCardKit: CardKit = {
  fieldsOf: (section) => fieldsBySection[section],
  EntryEditor: CardEntryEditor,
};

/** A row's review at the URL's import and row, compared with `target`; another URL is not a page. */
export function ImportChangePage({ target }: { target: ReviewTarget | null }) {
  const params = useParams();
  const importId = IdSchema.safeParse(params.id);
  const changeId = IdSchema.safeParse(params.change);
  if (!importId.success || !changeId.success || target === null) return <NotFoundRoute />;
  return (
    <ChangeReviewPage importId={importId.data} changeId={changeId.data} target={target} kit={reviewCardKit} />
  );
}

/** Processing one imported row against the trainee the server matches. */
export function ImportChangeRoute() {
  return <ImportChangePage target="auto" />;
}
