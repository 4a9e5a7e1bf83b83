import AttachFileIcon from '@mui/icons-material/AttachFile';
import ClearIcon from '@mui/icons-material/Clear';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ChangeEvent } from 'react';
import { fileSizeText } from './import-format';
import type { FileSlot } from './upload-rules';

export const noFileText = 'Файл не выбран';

type FilePickerProps = {
  slot: FileSlot;
  file: File | null | undefined;
  onChange: (file: File | null) => void;
  disabled?: boolean;
};

/** One file of the upload: a button that opens the browser's picker, the chosen file's name and size. */
export function FilePicker({ slot, file, onChange, disabled = false }: FilePickerProps) {
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    onChange(event.target.files?.[0] ?? null);
    // The same file chosen again after a refusal must count as a change too.
    event.target.value = '';
  };

  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Button
        component="label"
        variant="outlined"
        startIcon={<AttachFileIcon />}
        disabled={disabled}
        sx={{ flexShrink: 0 }}
      >
        Выбрать файл
        <input type="file" hidden accept={slot.accept} aria-label={slot.label} onChange={handleChange} />
      </Button>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="body2">
          {slot.label}
          {slot.isRequired && ' *'}
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap component="div">
          {file ? `${file.name}, ${fileSizeText(file.size)}` : noFileText}
        </Typography>
      </Box>
      {file && (
        <Tooltip title="Убрать файл">
          <IconButton
            aria-label={`Убрать файл: ${slot.label}`}
            onClick={() => onChange(null)}
            disabled={disabled}
          >
            <ClearIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Stack>
  );
}
