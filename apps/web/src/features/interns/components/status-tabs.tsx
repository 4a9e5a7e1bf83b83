import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { internStatuses, internStatusTabs, type InternStatus } from '@registry/shared';

const ALL = 'all';
export const allStatusesLabel = 'Все';

type StatusTabsProps = {
  status: InternStatus | null;
  onChange: (status: InternStatus | null) => void;
};

/**
 * The list's tabs by trainee status: all, then each status under its tab label
 * (docs/register-rules.md#trainee-status).
 */
export function StatusTabs({ status, onChange }: StatusTabsProps) {
  const handleChange = (_event: unknown, value: string) =>
    onChange(value === ALL ? null : (Number(value) as InternStatus));

  return (
    <Tabs
      value={status === null ? ALL : String(status)}
      onChange={handleChange}
      aria-label="Статус стажёров"
      variant="scrollable"
      allowScrollButtonsMobile
      sx={{ mb: 2 }}
    >
      <Tab value={ALL} label={allStatusesLabel} />
      {internStatuses.values.map((value) => (
        <Tab key={value} value={String(value)} label={internStatusTabs[value]} />
      ))}
    </Tabs>
  );
}
