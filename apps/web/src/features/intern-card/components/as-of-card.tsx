import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useMemo, useState } from 'react';
import { formatDate, internSections, texts, type InternSectionKey } from '@registry/shared';
import { PageTitle } from '@/components/page-title';
import { ApiError } from '@/lib/api-client';
import { useInternAsOf } from '../api/get-intern';
import { asOfHref, isDayValue } from '../as-of';
import { startSession } from '../edit-session';
import type { EditableSectionKey } from '@/lib/section-fields';
import { AsOfField } from './as-of-field';
import { CardHeader } from './card-header';
import { DocumentsSection } from './documents-section';
import { HistoryDialog } from './history-dialog';
import { SectionMenu } from './section-menu';
import { SectionView } from './section-view';

type AsOfCardProps = {
  id: number;
  section: InternSectionKey;
  /** The day from the URL, `yyyy-MM-dd`. */
  asOf: string;
  /** Shows the card as of another day, or (null) as it is now. */
  onAsOf: (day: string | null) => void;
};

/** The entry actions a read-only card never offers. */
const ignore = () => {};

function BackButton({ onAsOf }: Pick<AsOfCardProps, 'onAsOf'>) {
  return (
    <Button color="inherit" size="small" onClick={() => onAsOf(null)} sx={{ whiteSpace: 'nowrap' }}>
      Вернуться к текущему состоянию
    </Button>
  );
}

type AsOfProblemProps = Pick<AsOfCardProps, 'asOf' | 'onAsOf'> & { message: string };

/** The card cannot be shown as of the day (the trainee was not yet in the register): why, and the ways on. */
function AsOfProblem({ message, asOf, onAsOf }: AsOfProblemProps) {
  return (
    <>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', mb: 2 }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <PageTitle title="Карточка стажёра" />
        </Box>
        <AsOfField value={isDayValue(asOf) ? asOf : null} onChange={onAsOf} />
      </Stack>
      <Alert severity="error" action={<BackButton onAsOf={onAsOf} />}>
        {message}
      </Alert>
    </>
  );
}

/** The card as of a valid day, once it is read. */
function AsOfView({ id, section, asOf, onAsOf }: AsOfCardProps) {
  const { data: intern, error, isPending } = useInternAsOf(id, asOf);
  const session = useMemo(() => startSession(intern ?? null), [intern]);
  const [history, setHistory] = useState<{ section: EditableSectionKey; entryId: number } | null>(null);

  if (isPending) return <CircularProgress aria-label="Загрузка карточки" />;
  if (error) {
    const message = error instanceof ApiError ? error.message : 'Не удалось загрузить карточку стажёра';
    return <AsOfProblem message={message} asOf={asOf} onAsOf={onAsOf} />;
  }

  return (
    <>
      <CardHeader intern={intern} asOf={asOf} onAsOf={onAsOf} />
      <Alert severity="info" role="status" action={<BackButton onAsOf={onAsOf} />} sx={{ mb: 2 }}>
        Карточка показана по состоянию на конец дня {formatDate(asOf)}
      </Alert>
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 3 }}>
        <SectionMenu
          current={section}
          hrefOf={(key) => asOfHref(id, internSections[key].slug, asOf)}
          countOf={() => 0}
        />
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          {section === 'Documents' ? (
            <DocumentsSection protocols={intern.ChangeProtocols} />
          ) : (
            <SectionView
              section={section}
              session={session}
              isReadOnly
              onAdd={ignore}
              onEdit={ignore}
              onCorrect={ignore}
              onRollback={ignore}
              onHistory={(key, entry) => setHistory({ section: key, entryId: entry.Id })}
            />
          )}
        </Box>
      </Box>
      {history && (
        <HistoryDialog
          internId={id}
          section={history.section}
          entryId={history.entryId}
          onClose={() => setHistory(null)}
        />
      )}
    </>
  );
}

/**
 * The card read-only as the register held it at the end of a day (Moscow time): a banner says which day and
 * leads back to the current state; nothing can be added, changed, deleted or restored.
 */
export function AsOfCard(props: AsOfCardProps) {
  if (!isDayValue(props.asOf)) {
    return <AsOfProblem message={texts.invalidDate} asOf={props.asOf} onAsOf={props.onAsOf} />;
  }
  return <AsOfView {...props} />;
}
