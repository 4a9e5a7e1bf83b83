import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { QueryState } from '@/components/query-state';
import { PageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
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
 * An import's file (docs/screens.md#file-viewer): a PDF is shown in the page, with a notice and a download
 * link where the device cannot show it; any other type gets only the notice that it cannot be viewed, and the
 * download.
 */
export function FileViewer({ importId, fileId }: FileViewerProps) {
  const query = useImportFile(importId, fileId);

  const back = (
    <Button component={Link} to={paths.importDetail.href(importId)} startIcon={<ArrowBackIcon />}>
      К импорту
    </Button>
  );
  if (query.isPending || query.isError) {
    const failure = (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        {back}
        <Typography color="text.secondary">{loadFailedText}</Typography>
      </Stack>
    );
    return <QueryState query={query} failure={failure} />;
  }
  const file = query.data;

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
