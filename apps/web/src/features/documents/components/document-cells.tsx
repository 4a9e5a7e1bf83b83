import MuiLink from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { formatDate, type BasisDocument } from '@registry/shared';
import { paths } from '@/config/paths';
import { formatRequisites } from '@/lib/field-values';

export const manualEntryText = 'внесено вручную';

/** The document's own requisites: '№ 17-П от 2025.03.15'. */
export function documentTitle(document: Pick<BasisDocument, 'Requisites'>): string {
  return `№ ${document.Requisites.Number} от ${formatDate(document.Requisites.Date)}`;
}

/** The SRO's outgoing requisites of the letter, or '—'. */
export function outgoingText(document: Pick<BasisDocument, 'OutgoingRequisites'>): string {
  return formatRequisites(document.OutgoingRequisites) || '—';
}

/** Where the document came from: its import, linked, or the operator's hand. */
export function DocumentSource({ document }: { document: Pick<BasisDocument, 'Import'> }) {
  if (!document.Import) return <>{manualEntryText}</>;
  return (
    <MuiLink component={Link} to={paths.importDetail.href(document.Import.Id)}>
      Импорт №{document.Import.Id}
    </MuiLink>
  );
}

/** A trainee's name linking to the card. */
export function InternLink({ intern }: { intern: { Id: number; FullName: string } }) {
  return (
    <MuiLink component={Link} to={paths.internCard.href(intern.Id)}>
      {intern.FullName}
    </MuiLink>
  );
}

/** The trainees the document changed, linked to their cards, and '… и ещё N' for those not named. */
export function DocumentInterns({ document }: { document: Pick<BasisDocument, 'Interns' | 'InternCount'> }) {
  const more = document.InternCount - document.Interns.length;
  return (
    <Typography variant="body2" component="span">
      {document.Interns.map((intern, index) => (
        <Fragment key={intern.Id}>
          {index > 0 && ', '}
          <InternLink intern={intern} />
        </Fragment>
      ))}
      {more > 0 && ` … и ещё ${more}`}
    </Typography>
  );
}
