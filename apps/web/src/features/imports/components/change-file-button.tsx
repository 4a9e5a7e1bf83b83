import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormDialog, useFormDialog } from '@/components/form-dialog';
import { splitServerError } from '@/lib/server-errors';
import type { ChangeFileParts } from '@registry/shared';
import { useDownloadChangeFile } from '../api/download-change-file';
import { ChangeFilePartsDialog } from './change-file-parts-dialog';
import { RequiredSroSchema, SroField } from './sro-field';
import type { UploadReading } from './upload-rules';

/** The words of the change file's download, for the screen and its tests. */
export const changeFileTexts = {
  button: 'Скачать файл для изменений',
  hint: 'Файл с вашими стажёрами: измените нужные ячейки и загрузите его обратно',
  operatorHint: 'Файл со стажёрами этой СРО: измените нужные ячейки и загрузите его обратно',
  dialogTitle: 'Файл для изменений',
  download: 'Скачать',
  failed: 'Не удалось скачать файл для изменений',
};

const ChangeFileFormSchema = z.object({ Organization: RequiredSroSchema });

/** An SRO's change file in parts: whose (none for a representative's own), and how it is split. */
type PartsOf = { organizationId?: number | undefined; parts: ChangeFileParts };

/**
 * An operator's choice of the SRO whose change file to take; closes once the file is saved, or once its
 * parts are known when the SRO's trainees take several files (`onParts`).
 */
function ChangeFileDialog({
  onClose,
  onParts,
}: {
  onClose: () => void;
  onParts: (partsOf: PartsOf) => void;
}) {
  const download = useDownloadChangeFile();
  const form = useForm({
    resolver: zodResolver(ChangeFileFormSchema),
    defaultValues: { Organization: null },
  });
  const dialog = useFormDialog(
    form,
    async ({ Organization }) => {
      const parts = await download.mutateAsync(Organization.Id);
      if (parts) onParts({ organizationId: Organization.Id, parts });
    },
    onClose,
  );

  return (
    <FormDialog title={changeFileTexts.dialogTitle} submitLabel={changeFileTexts.download} {...dialog}>
      <Controller
        control={form.control}
        name="Organization"
        render={(props) => (
          <SroField {...props} disabled={dialog.isSaving} hint={changeFileTexts.operatorHint} />
        )}
      />
    </FormDialog>
  );
}

/**
 * A representative's download of its own SRO's change file: the file is prepared for some seconds, with a
 * spinner on the button, and a failure is said in a notice that stays until closed.
 */
function OwnChangeFileButton() {
  const download = useDownloadChangeFile();
  const [parts, setParts] = useState<ChangeFileParts | null>(null);
  const hintId = useId();
  const failure = download.error ? splitServerError(download.error, []).alert : [];

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', maxWidth: 320 }}>
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        loading={download.isPending}
        loadingPosition="start"
        aria-busy={download.isPending}
        aria-describedby={hintId}
        onClick={() => download.mutate(undefined, { onSuccess: setParts })}
      >
        {changeFileTexts.button}
      </Button>
      <Typography id={hintId} variant="caption" color="text.secondary" sx={{ mt: 0.5, textAlign: 'right' }}>
        {changeFileTexts.hint}
      </Typography>
      <Snackbar
        open={failure.length > 0}
        onClose={(_event, reason) => reason !== 'clickaway' && download.reset()}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          severity="error"
          variant="filled"
          onClose={() => download.reset()}
          sx={{ whiteSpace: 'pre-line' }}
        >
          <AlertTitle>{changeFileTexts.failed}</AlertTitle>
          {failure.join('\n')}
        </Alert>
      </Snackbar>
      {parts && <ChangeFilePartsDialog parts={parts} onClose={() => setParts(null)} />}
    </Box>
  );
}

/** An operator's button: the SRO is chosen in a dialog, which downloads its file. */
function ChosenChangeFileButton() {
  const [isChoosing, setIsChoosing] = useState(false);
  const [partsOf, setPartsOf] = useState<PartsOf | null>(null);
  return (
    <>
      <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => setIsChoosing(true)}>
        {changeFileTexts.button}
      </Button>
      {isChoosing && <ChangeFileDialog onClose={() => setIsChoosing(false)} onParts={setPartsOf} />}
      {partsOf && <ChangeFilePartsDialog {...partsOf} onClose={() => setPartsOf(null)} />}
    </>
  );
}

/**
 * 'Скачать файл для изменений' on the import list (docs/screens.md#import-list): a change file already
 * filled with an SRO's trainees, which is edited and uploaded back. A representative takes its own SRO's;
 * an operator chooses the SRO.
 */
export function ChangeFileButton({ reading }: { reading: UploadReading }) {
  return reading === 'operator' ? <ChosenChangeFileButton /> : <OwnChangeFileButton />;
}
