import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useOrganizationStats, type StatsParams } from '../api/get-organization-stats';
import { registerColumns, reviewColumns } from './stats-format';
import { StatsTable } from './stats-table';

export const registerTabLabel = 'Реестр';
export const reviewTabLabel = 'Обработка файлов';
export const loadingText = 'Статистика формируется…';
export const loadFailedText = 'Не удалось сформировать статистику';
export const noSrosText = 'В справочнике пока нет СРО: статистику не по кому формировать';

const tabs = {
  register: { label: registerTabLabel, columns: registerColumns },
  review: { label: reviewTabLabel, columns: reviewColumns },
} as const;
type TabKey = keyof typeof tabs;

/** A notice in place of the table: the loading spinner, the failure, the empty answer. */
function StatsNotice({ children }: { children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      {children}
    </Paper>
  );
}

/**
 * The figures of the query: the register's and the reviewers' in two tabs. A failure also opens the global
 * error dialog with the server's message.
 */
export function StatsResults({ params }: { params: StatsParams }) {
  const { data, isPending, isError, isPlaceholderData } = useOrganizationStats(params);
  const [tab, setTab] = useState<TabKey>('register');

  if (isPending) {
    return (
      <StatsNotice>
        <Stack direction="row" spacing={2} role="status" sx={{ alignItems: 'center' }}>
          <CircularProgress size={24} />
          <Typography color="text.secondary">{loadingText}</Typography>
        </Stack>
      </StatsNotice>
    );
  }
  if (isError) return <Alert severity="error">{loadFailedText}</Alert>;
  if (data.Rows.length === 0) {
    return (
      <StatsNotice>
        <Typography color="text.secondary">{noSrosText}</Typography>
      </StatsNotice>
    );
  }

  return (
    <Box>
      <Tabs
        value={tab}
        onChange={(_event, next: TabKey) => setTab(next)}
        aria-label="Показатели"
        sx={{ mb: 1 }}
      >
        {(Object.keys(tabs) as TabKey[]).map((key) => (
          <Tab
            key={key}
            value={key}
            label={tabs[key].label}
            id={`stats-tab-${key}`}
            aria-controls={`stats-panel-${key}`}
          />
        ))}
      </Tabs>
      <LinearProgress
        sx={{ visibility: isPlaceholderData ? 'visible' : 'hidden' }}
        aria-hidden={!isPlaceholderData}
      />
      <div role="tabpanel" id={`stats-panel-${tab}`} aria-labelledby={`stats-tab-${tab}`}>
        <StatsTable result={data} columns={tabs[tab].columns} isRefreshing={isPlaceholderData} />
      </div>
    </Box>
  );
}
