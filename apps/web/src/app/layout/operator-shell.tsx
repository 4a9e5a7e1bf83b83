import BarChartIcon from '@mui/icons-material/BarChart';
import BusinessIcon from '@mui/icons-material/Business';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import DescriptionIcon from '@mui/icons-material/Description';
import EventIcon from '@mui/icons-material/Event';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import HistoryIcon from '@mui/icons-material/History';
import LogoutIcon from '@mui/icons-material/Logout';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import MenuIcon from '@mui/icons-material/Menu';
import PeopleIcon from '@mui/icons-material/People';
import PlaceIcon from '@mui/icons-material/Place';
import SchoolIcon from '@mui/icons-material/School';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListSubheader from '@mui/material/ListSubheader';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { texts, type AccountStats } from '@registry/shared';
import { paths } from '@/config/paths';
import { useAccountStats } from '@/features/account/api/get-account-stats';
import { useLogout } from '@/features/auth/api/logout';
import { useStoredFlag } from '@/lib/use-stored-flag';
import { MenuEntry } from './menu-entry';

const FULL_WIDTH = 300;
const MINI_WIDTH = 64;
const MINI_MODE_KEY = 'registry.menu.mini';

/** True when the page at pathname belongs to the menu item whose link is href. */
function isUnder(pathname: string, href: string): boolean {
  const base = href.replace(/\/+$/, '');
  return pathname === base || pathname.startsWith(`${base}/`);
}

type Item = { label: string; icon: ReactNode; to: string; count?: number };

/** The operator's screens, with the counters of the trainees and the imports waiting. */
const mainMenu = (stats: AccountStats | undefined): Item[] => [
  { label: 'Список стажёров', icon: <PeopleIcon />, to: paths.interns.href(), count: stats?.InternsCount },
  {
    label: 'Импорт',
    icon: <UploadFileIcon />,
    to: paths.imports.href(),
    count: stats?.PendingImportsCount,
  },
  { label: 'Документы', icon: <DescriptionIcon />, to: paths.documents.href() },
  { label: 'Статистика', icon: <BarChartIcon />, to: paths.stats.href() },
  { label: 'Журнал', icon: <HistoryIcon />, to: paths.audit.href() },
];

const dictionaryItems: Item[] = [
  { label: 'Операторы', icon: <ManageAccountsIcon />, to: paths.operators.href() },
  { label: 'СРО', icon: <BusinessIcon />, to: paths.organizations.href() },
  { label: 'Учебные заведения', icon: <SchoolIcon />, to: paths.schools.href() },
  { label: 'Адреса', icon: <PlaceIcon />, to: paths.dictionary.href('addresses') },
  {
    label: 'Основания прекращения стажировки',
    icon: <EventBusyIcon />,
    to: paths.dictionary.href('termination-reasons'),
  },
  { label: 'Праздничные дни', icon: <EventIcon />, to: paths.dictionary.href('holidays') },
  {
    label: 'Рабочие дни (переносы)',
    icon: <EventAvailableIcon />,
    to: paths.dictionary.href('working-days'),
  },
];

const MAIN_ID = 'main-content';
export const skipLinkText = 'Перейти к основному содержимому';

/** The first stop of the keyboard: past the long menu, straight to the screen. Seen only when focused. */
function SkipLink() {
  return (
    <Box
      component="a"
      href={`#${MAIN_ID}`}
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: (theme) => theme.zIndex.drawer + 1,
        p: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        '&:focus': { top: 8 },
      }}
    >
      {skipLinkText}
    </Box>
  );
}

/** The operator's layout: a permanent side menu with a remembered mini mode, and the screen beside it. */
export function OperatorShell({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const [isMini, setIsMini] = useStoredFlag(MINI_MODE_KEY);
  const { data: stats } = useAccountStats();
  const logout = useLogout();
  const width = isMini ? MINI_WIDTH : FULL_WIDTH;

  const mainItems = mainMenu(stats);

  const renderItem = (item: Item) => (
    <MenuEntry
      key={item.to}
      {...item}
      isMini={isMini}
      // Main shows the trainee list to operators, so its item is the current one there too.
      isSelected={isUnder(pathname, item.to) || (item.to === paths.interns.href() && pathname === '/')}
    />
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink />
      <Box component="nav" aria-label="Главное меню" sx={{ width, flexShrink: 0 }}>
        <Drawer
          variant="permanent"
          slotProps={{ paper: { sx: { width, overflowX: 'hidden', transition: 'width 150ms' } } }}
        >
          <Toolbar disableGutters sx={{ px: 1, justifyContent: isMini ? 'center' : 'space-between' }}>
            {!isMini && (
              <Typography
                component={Link}
                to={paths.main.href()}
                variant="h6"
                noWrap
                sx={{ pl: 1, color: 'inherit', textDecoration: 'none' }}
              >
                {texts.appTitle}
              </Typography>
            )}
            <IconButton
              onClick={() => setIsMini(!isMini)}
              aria-label={isMini ? 'Развернуть меню' : 'Свернуть меню'}
            >
              {isMini ? <MenuIcon /> : <ChevronLeftIcon />}
            </IconButton>
          </Toolbar>
          <Divider />
          <List>{mainItems.map(renderItem)}</List>
          <Divider />
          <List subheader={isMini ? undefined : <ListSubheader disableSticky>Справочники</ListSubheader>}>
            {dictionaryItems.map(renderItem)}
          </List>
          <Divider />
          <List>
            <MenuEntry label="Выход" icon={<LogoutIcon />} isMini={isMini} onClick={() => logout.mutate()} />
          </List>
        </Drawer>
      </Box>
      <Box
        component="main"
        id={MAIN_ID}
        tabIndex={-1}
        sx={{ flexGrow: 1, minWidth: 0, p: 3, outline: 'none' }}
      >
        {children}
      </Box>
    </Box>
  );
}
