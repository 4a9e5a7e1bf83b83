import Typography from '@mui/material/Typography';
import { texts } from '@registry/shared';

/** The screen's heading, also used as the browser tab's title. */
export function PageTitle({ title }: { title: string }) {
  return (
    <>
      <title>{title === texts.appTitle ? title : `${title} — ${texts.appTitle}`}</title>
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
    </>
  );
}
