import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import { Link } from 'react-router';
import { internSectionKeys, internSections, type InternSectionKey } from '@registry/shared';

type SectionMenuProps = {
  current: InternSectionKey;
  /** Each section's link. */
  hrefOf: (section: InternSectionKey) => string;
  /** How many of a section's entries have unsaved changes. */
  countOf: (section: InternSectionKey) => number;
};

/** The card's sections, with '+N' beside those that have unsaved changes; moving between them adds no history. */
export function SectionMenu({ current, hrefOf, countOf }: SectionMenuProps) {
  return (
    <Paper
      component="nav"
      aria-label="Разделы карточки"
      variant="outlined"
      sx={{ width: { md: 260 }, flexShrink: 0, alignSelf: 'flex-start', position: { md: 'sticky' }, top: 16 }}
    >
      <List dense>
        {internSectionKeys.map((section) => {
          const count = countOf(section);
          return (
            <ListItem key={section} disablePadding>
              <ListItemButton
                component={Link}
                to={hrefOf(section)}
                replace
                selected={section === current}
                aria-current={section === current ? 'page' : undefined}
              >
                <ListItemText primary={internSections[section].title} />
                {count > 0 && (
                  <Chip
                    size="small"
                    color="primary"
                    label={`+${count}`}
                    aria-label={`изменено записей: ${count}`}
                  />
                )}
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </Paper>
  );
}
