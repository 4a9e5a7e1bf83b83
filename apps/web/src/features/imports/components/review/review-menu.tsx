import ChangeCircleIcon from '@mui/icons-material/ChangeCircle';
import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import { reviewSectionKeys, sectionTitle, type ReviewSectionKey } from './review-model';

type ReviewMenuProps = {
  current: ReviewSectionKey;
  /** Whether the file changes anything in a section. */
  hasChanges: (section: ReviewSectionKey) => boolean;
  onSelect: (section: ReviewSectionKey) => void;
};

/** The row's four sections (docs/screens.md#row-processing), each marked as changed by the file or not. */
export function ReviewMenu({ current, hasChanges, onSelect }: ReviewMenuProps) {
  return (
    <Paper
      component="nav"
      aria-label="Разделы записи"
      variant="outlined"
      sx={{ width: { md: 280 }, flexShrink: 0, alignSelf: 'flex-start', position: { md: 'sticky' }, top: 16 }}
    >
      <List dense>
        {reviewSectionKeys.map((section) => (
          <ListItem key={section} disablePadding>
            <ListItemButton
              selected={section === current}
              aria-current={section === current ? 'true' : undefined}
              onClick={() => onSelect(section)}
            >
              <ListItemIcon sx={{ minWidth: 36 }}>
                {hasChanges(section) ? (
                  <ChangeCircleIcon color="warning" titleAccess="есть изменения" />
                ) : (
                  <CheckCircleOutlinedIcon color="disabled" titleAccess="без изменений" />
                )}
              </ListItemIcon>
              <ListItemText primary={sectionTitle(section)} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
