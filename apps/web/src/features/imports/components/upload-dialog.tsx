import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  DeltaUploadDataSchema,
  nullableDate,
  nullableText,
  texts,
  type ImportListItem,
} from '@registry/shared';
import { FormDateField } from '@/components/form-date-field';
import { focusFirstField } from '@/components/form-dialog';
import { FormTextField } from '@/components/form-text-field';
import { maxLengthOf } from '@/lib/schema-limits';
import { newUploadId, useUploadState } from '../api/get-upload-state';
import { templateUrl, useUploadImport, type UploadFiles, type UploadRequest } from '../api/upload-import';
import { FilePicker } from './file-picker';
import { RequiredSroSchema, SroField } from './sro-field';
import {
  canUpload,
  fileRequiredText,
  confirmRepeatText,
  fileSlots,
  isRepeatedFile,
  missingFiles,
  uploadErrorText,
  type UploadReading,
} from './upload-rules';

export const uploadDialogTitle = 'Загрузка файла с изменениями';

const OperatorFormSchema = z.object({
  Organization: RequiredSroSchema,
  importSchools: z.boolean(),
  number: nullableText(100),
  date: nullableDate,
});

const numberLimit = maxLengthOf(DeltaUploadDataSchema.shape.Number);

/** What both readings of the dialog share: the chosen files, the progress, the alert, the call. */
function useUpload(reading: UploadReading, onUploaded: (created: ImportListItem) => void) {
  const upload = useUploadImport();
  const [files, setFiles] = useState<UploadFiles>({});
  const [progress, setProgress] = useState(0);
  const [alert, setAlert] = useState<string | null>(null);
  const [uploadId, setUploadId] = useState<string | null>(null);
  // An operator's upload refused as a repeat of an earlier import, which they may send again on purpose.
  const [repeated, setRepeated] = useState<UploadRequest | null>(null);
  // Once the body is sent the server checks the file: it may first wait its turn in the server's queue.
  const isChecking = upload.isPending && progress >= 1;
  const uploadState = useUploadState(uploadId, isChecking);

  const chooseFile = (field: keyof UploadFiles, file: File | null) =>
    setFiles((current) => ({ ...current, [field]: file }));

  /** Says so in the alert when a required file is missing; true when none is. */
  const checkFiles = () => {
    const hasFiles = missingFiles(reading, files).length === 0;
    setAlert(hasFiles ? null : fileRequiredText);
    return hasFiles;
  };

  const send = async (request: UploadRequest) => {
    setAlert(null);
    setRepeated(null);
    setProgress(0);
    const id = newUploadId();
    setUploadId(id);
    try {
      const created = await upload.mutateAsync({ request, files, onProgress: setProgress, uploadId: id });
      onUploaded(created);
    } catch (error) {
      setAlert(uploadErrorText(error));
      if (request.reading === 'operator' && isRepeatedFile(error)) setRepeated(request);
    }
  };

  const confirmRepeat = () => {
    if (repeated?.reading !== 'operator') return;
    void send({ ...repeated, data: { ...repeated.data, confirmDuplicate: true } });
  };

  return {
    reading,
    files,
    chooseFile,
    progress,
    checkingText: texts.uploadStates[uploadState.data?.State ?? 'checking'],
    alert,
    dismissAlert: () => {
      setAlert(null);
      setRepeated(null);
    },
    canConfirmRepeat: repeated !== null,
    confirmRepeat,
    isUploading: upload.isPending,
    checkFiles,
    send,
  };
}

type UploadState = ReturnType<typeof useUpload>;

type UploadFrameProps = {
  state: UploadState;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
  /** Fields above the files (the SRO). */
  fieldsBefore?: ReactNode;
  /** Fields below the files (requisites). */
  children: ReactNode;
};

/** The dialog around either reading: alert, fields, files, progress, the template link, Cancel and Upload. */
function UploadFrame({ state, onSubmit, onClose, fieldsBefore, children }: UploadFrameProps) {
  const titleId = useId();
  const { reading, files, isUploading, progress, alert } = state;
  const percent = Math.round(progress * 100);

  return (
    <Dialog
      open
      // Closing mid-upload would hide the answer; the dialog stays until the upload is done.
      onClose={isUploading ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
    >
      <form noValidate onSubmit={onSubmit} ref={focusFirstField}>
        <DialogTitle id={titleId}>{uploadDialogTitle}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {alert && (
              <Alert severity="error" onClose={state.dismissAlert} sx={{ whiteSpace: 'pre-line' }}>
                {alert}
                {state.canConfirmRepeat && (
                  <Box sx={{ mt: 1 }}>
                    <Button variant="outlined" color="inherit" size="small" onClick={state.confirmRepeat}>
                      {confirmRepeatText}
                    </Button>
                  </Box>
                )}
              </Alert>
            )}
            {fieldsBefore}
            {fileSlots[reading].map((slot) => (
              <FilePicker
                key={slot.field}
                slot={slot}
                file={files[slot.field]}
                onChange={(file) => state.chooseFile(slot.field, file)}
                disabled={isUploading}
              />
            ))}
            {children}
            {isUploading && (
              <Box>
                {/* Once everything is sent the server reads the file: the bar then just says it works. */}
                <LinearProgress
                  variant={percent < 100 ? 'determinate' : 'indeterminate'}
                  value={percent}
                  aria-label="Ход загрузки"
                />
                <Typography variant="caption" color="text.secondary">
                  {percent < 100 ? `Загружено ${percent}%` : state.checkingText}
                </Typography>
              </Box>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button href={templateUrl} download startIcon={<DownloadIcon />}>
            Скачать шаблон
          </Button>
          <Box sx={{ flexGrow: 1 }} />
          <Button onClick={onClose} disabled={isUploading}>
            Отмена
          </Button>
          <Button
            type="submit"
            variant="contained"
            loading={isUploading}
            disabled={!canUpload(reading, files, isUploading)}
          >
            Загрузить
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

type UploadDialogProps = {
  onClose: () => void;
  /** The import was stored: the list moves to where it shows. */
  onUploaded: (created: ImportListItem) => void;
};

/** An operator's upload: the SRO, its Excel file, whether to add unknown schools, optional requisites. */
function OperatorUploadDialog({ onClose, onUploaded }: UploadDialogProps) {
  const state = useUpload('operator', onUploaded);
  const form = useForm({
    resolver: zodResolver(OperatorFormSchema),
    defaultValues: { Organization: null, importSchools: false, number: '', date: null },
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    // The fields and the file are checked together, so that every problem shows at once.
    const hasFiles = state.checkFiles();
    void form.handleSubmit(async ({ Organization, importSchools, number, date }) => {
      if (!hasFiles || !Organization) return;
      await state.send({
        reading: 'operator',
        data: {
          importSchools,
          organizationId: Organization.Id,
          ...(number ? { number } : {}),
          ...(date ? { date } : {}),
        },
      });
    })(event);
  };

  return (
    <UploadFrame
      state={state}
      onSubmit={handleSubmit}
      onClose={onClose}
      fieldsBefore={
        <Controller
          control={form.control}
          name="Organization"
          render={(props) => <SroField {...props} disabled={state.isUploading} />}
        />
      }
    >
      <Controller
        control={form.control}
        name="importSchools"
        render={({ field }) => (
          <FormControlLabel
            label="Импортировать учебные заведения"
            control={
              <Checkbox
                checked={field.value}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
                name={field.name}
              />
            }
          />
        )}
      />
      <FormTextField control={form.control} name="number" label="Номер документа" maxLength={numberLimit} />
      <FormDateField control={form.control} name="date" label="Дата документа" />
    </UploadFrame>
  );
}

/** An SRO representative's upload: the Excel file, the protocol and the letter with their signatures. */
function OrganizationUploadDialog({ onClose, onUploaded }: UploadDialogProps) {
  const state = useUpload('organization', onUploaded);
  const form = useForm({
    resolver: zodResolver(DeltaUploadDataSchema),
    defaultValues: { Number: '', Date: null },
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    const hasFiles = state.checkFiles();
    void form.handleSubmit(async ({ Number, Date }) => {
      if (!hasFiles || !Date) return;
      await state.send({ reading: 'organization', data: { Number, Date } });
    })(event);
  };

  return (
    <UploadFrame state={state} onSubmit={handleSubmit} onClose={onClose}>
      <FormTextField
        control={form.control}
        name="Number"
        label="Исходящий номер"
        maxLength={numberLimit}
        required
      />
      <FormDateField control={form.control} name="Date" label="Исходящая дата" required />
    </UploadFrame>
  );
}

/**
 * 'Загрузка файла с изменениями' (docs/screens.md#upload-dialog) in the reading of the one uploading: an
 * operator's or an SRO representative's. A refusal shows in a dismissible alert, one problem a line.
 */
export function UploadDialog({ reading, ...props }: UploadDialogProps & { reading: UploadReading }) {
  return reading === 'operator' ? (
    <OperatorUploadDialog {...props} />
  ) : (
    <OrganizationUploadDialog {...props} />
  );
}
