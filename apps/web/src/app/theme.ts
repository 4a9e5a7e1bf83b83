import { createTheme } from '@mui/material/styles';
import { ruRU } from '@mui/material/locale';
import { ruRU as pickersRuRU } from '@mui/x-date-pickers/locales';

/** Material theme with Russian texts for the built-in components and the date pickers. */
export const theme = createTheme(
  {
    palette: {
      primary: { main: '#1f5c99' },
      background: { default: '#f5f6f8' },
    },
    typography: { fontFamily: 'Roboto, Arial, sans-serif' },
  },
  ruRU,
  pickersRuRU,
);
