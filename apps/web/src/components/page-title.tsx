import Typography from '@mui/material/Typography';
import type { Ref } from 'react';
import { texts } from '@registry/shared';

type PageTitleProps = {
  title: string;
  /** For a screen that moves the focus to its heading when it opens; the heading can then take it. */
  headingRef?: Ref<HTMLHeadingElement>;
};

/** The screen's heading, also used as the browser tab's title. */
export function PageTitle({ title, headingRef }: PageTitleProps) {
  return (
    <>
      <title>{title === texts.appTitle ? title : `${title} — ${texts.appTitle}`}</title>
      <Typography
        variant="h5"
        component="h1"
        gutterBottom
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
        sx={headingRef ? { outline: 'none' } : undefined}
      >
        {title}
      </Typography>
    </>
  );
}
