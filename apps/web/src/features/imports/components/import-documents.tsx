import DescriptionIcon from '@mui/icons-material/Description';
import DownloadIcon from '@mui/icons-material/Download';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MuiLink from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import type { Import, ImportFile } from '@registry/shared';
import { paths } from '@/config/paths';
import { fileUrls } from '../api/get-import-file';
import { fileSizeText } from './import-format';

export const rejectionFileText = 'Файл отклонения';

/** An SRO's documents, each with its name on the page (docs/screens.md#import-detail). */
function documentsOf(item: Import): [string, ImportFile | null][] {
  return [
    ['Протокол', item.Protocol],
    ['Подпись протокола', item.ProtocolSignature],
    ['Сопроводительное письмо', item.Letter],
    ['Подпись сопроводительного письма', item.LetterSignature],
  ];
}

/**
 * The side of an import's page: the SRO's protocol and cover letter with their signatures, each opening the
 * file viewer, and for a rejected import the reason with the rejection file.
 */
export function ImportDocuments({ item }: { item: Import }) {
  const documents = documentsOf(item).filter((entry): entry is [string, ImportFile] => entry[1] !== null);

  return (
    <>
      {documents.length > 0 && (
        <Paper variant="outlined" sx={{ mb: 3 }}>
          <Typography variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
            Документы
          </Typography>
          <List>
            {documents.map(([title, file]) => (
              <ListItem key={title} disablePadding>
                <ListItemButton component={Link} to={paths.importFile.href(item.Id, file.Id)}>
                  <ListItemIcon>
                    <DescriptionIcon />
                  </ListItemIcon>
                  <ListItemText primary={title} secondary={`${file.Name}, ${fileSizeText(file.Size)}`} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
      {item.Rejection && (
        <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            Основание отклонения
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-line', mb: 1 }}>{item.Rejection.Reason}</Typography>
          {item.Rejection.Id !== null && (
            <MuiLink
              href={fileUrls.rejection(item.Rejection.Id)}
              download
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
            >
              <DownloadIcon fontSize="small" />
              {rejectionFileText}
            </MuiLink>
          )}
        </Paper>
      )}
    </>
  );
}
