import { createTheme } from '@mui/material/styles';
import { ruRU } from '@mui/material/locale';

/** Material theme with Russian texts for the built-in components (the date pickers': date-localization.tsx). */
export const theme = createTheme(
  {
    palette: {
      primary: { main: '#1f5c99' },
      // Material's own warning (#ed6c02) and info (#0288d1) stand at 3.1:1 and 3.9:1 to white, below the 4.5:1
      // WCAG AA asks of text: as text on a card ('Откатить') and under white text (chips, a filled alert).
      // The same hues, darker: 5.0:1 and 5.8:1 to white, and above 4.5:1 on the page's grey too.
      warning: { main: '#b45309' },
      info: { main: '#026aa7' },
      background: { default: '#f5f6f8' },
    },
    typography: { fontFamily: 'Roboto, Arial, sans-serif' },
  },
  ruRU,
);
