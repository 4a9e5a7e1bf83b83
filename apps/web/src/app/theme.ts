import { createTheme } from '@mui/material/styles';
import { ruRU } from '@mui/material/locale';

/** Material theme with Russian texts for the built-in components (the date pickers': date-localization.tsx). */
export const theme = createTheme(
  {
    palette: {
      primary: { main: '#1f5c99' },
      background: { default: '#f5f6f8' },
    },
    typography: { fontFamily: 'Roboto, Arial, sans-serif' },
  },
  ruRU,
);
