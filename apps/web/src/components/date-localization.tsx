import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { ruRU } from '@mui/x-date-pickers/locales';
import dayjs from 'dayjs';
import 'dayjs/locale/ru';
import type { ReactNode } from 'react';

dayjs.locale('ru');

const localeText = ruRU.components.MuiLocalizationProvider.defaultProps.localeText;

/**
 * Russian dates for the date pickers inside: dayjs in Russian and the pickers' Russian texts. Given by the date
 * fields and the screens that use them, not by the app, so that the public pages do not download the date
 * library (docs/benchmarks.md, «First load»).
 */
export function DateLocalization({ children }: { children: ReactNode }) {
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="ru" localeText={localeText}>
      {children}
    </LocalizationProvider>
  );
}
