import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MuiLink from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Import } from '@registry/shared';
import { formatRegistryDateTime } from '@/lib/date-time';
import { PageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { StatusText, TimeLeftText } from './import-cells';
import { fileSizeText, requisitesText } from './import-format';

export const editRequisitesLabel = 'Редактировать реквизиты';

type ImportHeaderProps = {
  item: Import;
  /** Operators may edit the requisites: the pencil opens 'Редактирование импорта'. */
  onEdit?: () => void;
};

/** The head of an import's page: its SRO, file, upload, requisites, status and time left. */
export function ImportHeader({ item, onEdit }: ImportHeaderProps) {
  const facts: [string, ReactNode][] = [
    [
      'Файл',
      <>
        <MuiLink component={Link} to={paths.importFile.href(item.Id, item.File.Id)}>
          {item.FileName}
        </MuiLink>{' '}
        ({fileSizeText(item.File.Size)})
      </>,
    ],
    ['Дата загрузки', `${formatRegistryDateTime(item.ImportedAt)}, ${item.ImportedBy.FullName}`],
    ['Входящий номер и дата', requisitesText(item.Requisites) || '—'],
  ];
  const outgoing = requisitesText(item.OrganizationRequisites);
  if (outgoing) facts.push(['Исходящий номер и дата', outgoing]);
  facts.push(
    ['Статус', <StatusText key="status" status={item.Status} rejectedCount={item.RejectedCount} />],
    [
      'Осталось на внесение',
      <TimeLeftText key="left" status={item.Status} expiresInDays={item.ExpiresInDays} />,
    ],
  );

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flexGrow: 1 }}>
          <PageTitle title={item.Organization.Name} />
        </Box>
        {onEdit && (
          <Tooltip title={editRequisitesLabel}>
            <IconButton aria-label={editRequisitesLabel} onClick={onEdit}>
              <EditIcon />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 0.5, m: 0 }}
      >
        {facts.map(([term, value]) => (
          <Fragment key={term}>
            <Typography component="dt" color="text.secondary">
              {term}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {value}
            </Typography>
          </Fragment>
        ))}
      </Box>
    </Paper>
  );
}
