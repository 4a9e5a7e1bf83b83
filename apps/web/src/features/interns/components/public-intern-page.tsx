import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { usePublicIntern } from '../api/get-public-intern';
import { InternNotFound } from './intern-not-found';
import { PublicInternCard } from './public-intern-card';

type PublicInternPageProps = {
  /** The route's `:id`, as typed in the address. */
  id: string;
  /** The route's `:page`: the section the card opens at. */
  section?: string;
};

/** The public card's screen: loading, 'not found', or the card with its section kept in the URL. */
export function PublicInternPage({ id, section }: PublicInternPageProps) {
  const navigate = useNavigate();
  const internId = Number(id);
  const isValidId = Number.isInteger(internId) && internId > 0;
  const { data: intern, isPending, isError } = usePublicIntern(internId, { enabled: isValidId });

  if (!isValidId || intern === null) return <InternNotFound />;
  if (isError) return <Typography color="text.secondary">Не удалось загрузить карточку стажёра</Typography>;
  if (isPending) {
    return (
      <Stack spacing={2} aria-busy>
        <Skeleton variant="text" width="50%" sx={{ fontSize: '2rem' }} />
        <Skeleton variant="rounded" height={160} />
        <Skeleton variant="rounded" height={160} />
      </Stack>
    );
  }

  // Reading on replaces the URL: one history entry per card, not one per section scrolled past.
  const handleSectionChange = (slug: string) => {
    if (slug !== section) void navigate(paths.publicCard.href(intern.Id, slug), { replace: true });
  };
  return (
    <PublicInternCard
      key={intern.Id}
      intern={intern}
      section={section}
      onSectionChange={handleSectionChange}
    />
  );
}
