import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type MouseEvent } from 'react';
import { internSectionNames, InternStatus, internStatuses, type PublicIntern } from '@registry/shared';
import { PageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { publicSections, PublicSectionEntries } from './public-card-sections';
import { RegistrationNumbers } from './registration-numbers';
import {
  scrollToSection,
  SECTION_TOP_OFFSET,
  sectionElementId,
  useSectionInView,
} from './use-section-in-view';

const statusColors = {
  [InternStatus.Intern]: 'default',
  [InternStatus.Admitted]: 'info',
  [InternStatus.Certified]: 'success',
} as const;

type PublicInternCardProps = {
  intern: PublicIntern;
  /** The section the URL names: the card opens scrolled to it. */
  section?: string;
  /** The section being read changed (to keep the URL naming it). */
  onSectionChange: (slug: string) => void;
};

/** The card's side navigation: a link per shown section, the one in view marked. */
function SectionNav({
  internId,
  sections,
  active,
  onNavigate,
}: {
  internId: number;
  sections: (typeof publicSections)[number][];
  active: string | undefined;
  onNavigate: (event: MouseEvent, slug: string) => void;
}) {
  return (
    <Box
      component="nav"
      aria-label="Разделы карточки"
      sx={{ position: { md: 'sticky' }, top: SECTION_TOP_OFFSET }}
    >
      <List dense disablePadding>
        {sections.map((key) => {
          const { slug, title } = internSectionNames[key];
          return (
            <ListItem key={key} disablePadding>
              <ListItemButton
                component="a"
                href={paths.publicCard.href(internId, slug)}
                selected={active === slug}
                aria-current={active === slug ? 'location' : undefined}
                onClick={(event: MouseEvent) => onNavigate(event, slug)}
              >
                <ListItemText primary={title} />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
}

/**
 * A trainee's read-only public card (docs/screens.md#the-public-card): the header, then every public section
 * that has entries, one after another, with a side navigation that follows the scroll.
 */
export function PublicInternCard({ intern, section, onSectionChange }: PublicInternCardProps) {
  const shown = publicSections.filter((key) => intern[key].length > 0);
  const slugs: string[] = shown.map((key) => internSectionNames[key].slug);
  // Only the URL the card opened with scrolls it; later URLs follow the scroll, not the other way round.
  const [initialSection] = useState(() => (section && slugs.includes(section) ? section : undefined));
  const [active, setActive] = useState(initialSection ?? slugs[0]);

  const handleInView = (slug: string) => {
    setActive(slug);
    onSectionChange(slug);
  };
  const { endRef, pin } = useSectionInView(slugs, handleInView);

  useEffect(() => {
    if (!initialSection) return;
    pin(initialSection);
    scrollToSection(initialSection);
  }, [initialSection, pin]);

  const handleNavClick = (event: MouseEvent, slug: string) => {
    event.preventDefault();
    pin(slug);
    scrollToSection(slug);
    handleInView(slug);
  };
  const status = intern.Status as InternStatus;

  return (
    <>
      <PageTitle title={intern.FullName} />
      <Stack spacing={1} sx={{ mb: 3, alignItems: 'flex-start' }}>
        <Chip label={internStatuses.label(status)} color={statusColors[status] ?? 'default'} />
        <RegistrationNumbers numbers={intern.RegistrationNumbers} />
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '240px minmax(0, 1fr)' },
          gap: 3,
          alignItems: 'start',
        }}
      >
        <SectionNav internId={intern.Id} sections={shown} active={active} onNavigate={handleNavClick} />
        <Box>
          {shown.map((key) => {
            const { slug, title } = internSectionNames[key];
            return (
              <Box
                key={key}
                component="section"
                id={sectionElementId(slug)}
                aria-labelledby={`${sectionElementId(slug)}-title`}
                sx={{ scrollMarginTop: SECTION_TOP_OFFSET, mb: 4 }}
              >
                <Typography variant="h6" component="h2" id={`${sectionElementId(slug)}-title`} gutterBottom>
                  {title}
                </Typography>
                <PublicSectionEntries section={key} intern={intern} />
              </Box>
            );
          })}
          <div ref={endRef} />
        </Box>
      </Box>
    </>
  );
}
