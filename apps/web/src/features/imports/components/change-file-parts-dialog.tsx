import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { countRu, partForms, pluralRu, traineeForms, type ChangeFileParts } from '@registry/shared';
import { useId } from 'react';
import { splitServerError } from '@/lib/server-errors';
import { useDownloadChangeFilePart } from '../api/download-change-file';

const count = (value: number) => value.toLocaleString('ru-RU');

/** The words of an SRO's change file in parts, for the screen and its tests. */
export const changeFilePartsTexts = {
  title: 'Файл для изменений по частям',
  explanation: ({ Trainees, RowsPerPart, Parts }: ChangeFileParts) =>
    `У СРО ${count(Trainees)} ${pluralRu(Trainees, traineeForms)}, а загрузка принимает не больше ` +
    `${count(RowsPerPart)} строк в файле: стажёры разделены на ${countRu(Parts, partForms)}. Скачайте каждую, ` +
    'измените и загрузите отдельно.',
  part: (part: number, first: number, last: number) =>
    `Часть ${part}: стажёры ${count(first)}–${count(last)}`,
  failed: 'Не удалось скачать часть файла',
  close: 'Закрыть',
};

type ChangeFilePartsDialogProps = {
  /** The operator's chosen SRO; none for a representative's own. */
  organizationId?: number | undefined;
  parts: ChangeFileParts;
  onClose: () => void;
};

/**
 * The parts of an SRO's change file when its trainees are more than one file may have rows (the upload's
 * limit): a download per part, in the list's order, each uploaded back on its own.
 */
export function ChangeFilePartsDialog({ organizationId, parts, onClose }: ChangeFilePartsDialogProps) {
  const titleId = useId();
  const download = useDownloadChangeFilePart();
  const failure = download.error ? splitServerError(download.error, []).alert : [];
  const numbers = Array.from({ length: parts.Parts }, (_, index) => index + 1);

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{changeFilePartsTexts.title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{changeFilePartsTexts.explanation(parts)}</DialogContentText>
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          {numbers.map((part) => {
            const first = (part - 1) * parts.RowsPerPart + 1;
            const last = Math.min(part * parts.RowsPerPart, parts.Trainees);
            const isLoading = download.isPending && download.variables.part === part;
            return (
              <Button
                key={part}
                variant="outlined"
                startIcon={<DownloadIcon />}
                loading={isLoading}
                loadingPosition="start"
                aria-busy={isLoading}
                onClick={() => download.mutate({ organizationId, part })}
              >
                {changeFilePartsTexts.part(part, first, last)}
              </Button>
            );
          })}
        </Stack>
        {failure.length > 0 && (
          <Alert severity="error" sx={{ mt: 2, whiteSpace: 'pre-line' }}>
            {[changeFilePartsTexts.failed, ...failure].join('\n')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{changeFilePartsTexts.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
