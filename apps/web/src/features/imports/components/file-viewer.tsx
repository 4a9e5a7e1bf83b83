import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { NotFoundPage } from '@/components/not-found-page';
import { PageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { isNotFoundError } from '@/lib/api-client';
import { fileUrls, useImportFile } from '../api/get-import-file';
import { fileSizeText } from './import-format';

export const pdfNotSupportedText = 'Визуализация PDF-файлов не поддерживается устройством.';
export const typeNotSupportedText = 'Просмотр файлов этого типа не поддерживается';
const loadFailedText = 'Не удалось загрузить сведения о файле';

function DownloadButton({ fileId }: { fileId: number }) {
  return (
    <Button variant="outlined" href={fileUrls.download(fileId)} download startIcon={<DownloadIcon />}>
      Скачать
    </Button>
  );
}

type FileViewerProps = { importId: number; fileId: number };

/**
 * An import's file (SPEC.md §2, §8): a PDF is shown in the page, with a notice and a download link where the
 * device cannot show it; any other type gets only the notice that it cannot be viewed, and the download.
 */
export function FileViewer({ importId, fileId }: FileViewerProps) {
  const { data: file, isPending, isError, error } = useImportFile(importId, fileId);

  const back = (
    <Button component={Link} to={paths.importDetail.href(importId)} startIcon={<ArrowBackIcon />}>
      К импорту
    </Button>
  );
  if (isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label="Загрузка" />
      </Box>
    );
  }
  if (isNotFoundError(error)) return <NotFoundPage />;
  // The global error dialog has said why.
  if (isError) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        {back}
        <Typography color="text.secondary">{loadFailedText}</Typography>
      </Stack>
    );
  }

  return (
    <>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
        {back}
        <DownloadButton fileId={file.Id} />
      </Stack>
      <PageTitle title={file.Name} />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {fileSizeText(file.Size)}
      </Typography>
      {file.Extension === 'pdf' ? (
        <Box
          component="object"
          data={fileUrls.inline(file.Id)}
          type="application/pdf"
          aria-label={file.Name}
          sx={{ width: '100%', height: '75vh', border: 1, borderColor: 'divider' }}
        >
          {/* Shown by a browser that cannot show the PDF itself. */}
          <Alert severity="info" action={<DownloadButton fileId={file.Id} />}>
            {pdfNotSupportedText}
          </Alert>
        </Box>
      ) : (
        <Alert severity="info" action={<DownloadButton fileId={file.Id} />}>
          {typeNotSupportedText}
        </Alert>
      )}
    </>
  );
}
