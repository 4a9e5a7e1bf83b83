import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { countRu, type ImportMail } from '@registry/shared';
import { formatRegistryDateTime } from '@/lib/date-time';

export const importMailsTitle = 'Письма СРО';

const kindText: Record<ImportMail['Kind'], string> = {
  processed: 'об обработке',
  rejected: 'об отклонении',
};

/** Where a letter stands, in a line: sent when, or why not and what happens next. */
export function mailStateText(mail: ImportMail): string {
  switch (mail.Status) {
    case 'sent':
      return `Отправлено ${formatRegistryDateTime(mail.SentAt)}`;
    case 'dropped':
      return `Не отправлено: ${mail.LastError ?? 'устарело'}`;
    case 'failed':
      return `Не отправлено после ${countRu(mail.Attempts, ['попытки', 'попыток', 'попыток'])}: ${mail.LastError ?? ''}`;
    default:
      return mail.LastError
        ? `Не отправлено: ${mail.LastError}. Следующая попытка ${formatRegistryDateTime(mail.NextAttemptAt)}`
        : 'Ожидает отправки';
  }
}

const isTrouble = (mail: ImportMail) =>
  mail.Status === 'failed' || (mail.Status === 'waiting' && mail.LastError !== null);

/**
 * The letters the SRO's representatives were sent about the import, for operators: whom, about what, and
 * whether each went, so that a failing mail server is seen where the import is.
 */
export function ImportMails({ mails }: { mails: ImportMail[] }) {
  if (mails.length === 0) return null;
  return (
    <Paper variant="outlined" sx={{ mb: 3 }}>
      <Typography variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
        {importMailsTitle}
      </Typography>
      <List dense>
        {mails.map((mail, index) => (
          <ListItem key={index}>
            <ListItemText
              primary={`${mail.FullName} <${mail.EmailAddress}>, ${kindText[mail.Kind]}`}
              secondary={mailStateText(mail)}
              slotProps={{
                secondary: { color: isTrouble(mail) ? 'error' : 'text.secondary' },
              }}
            />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
