import MuiLink from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { auditDetailLines, auditObjectText, auditRoles, type AuditEvent } from '@registry/shared';
import { paths } from '@/config/paths';

/** Who acted: the name and login as they were then, or the login typed at a failed sign-in. */
export function AuditPerson({ event }: { event: AuditEvent }) {
  if (!event.Account)
    return <>{event.Detail.Login ? `${event.Detail.Login} (нет такой учётной записи)` : '—'}</>;
  return (
    <>
      {event.Account.FullName}
      <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
        {event.Account.Login}
        {event.Role !== null && `, ${auditRoles.label(event.Role).toLowerCase()}`}
      </Typography>
    </>
  );
}

/** The page an event's object is seen on, where it has one. */
function objectHref(event: AuditEvent): string | null {
  const { Object: object, Detail } = event;
  if (!object) return null;
  switch (object.Kind) {
    case 'intern':
      return paths.internCard.href(object.Id);
    case 'import':
      return paths.importDetail.href(object.Id);
    case 'file':
      return Detail.ImportId ? paths.importFile.href(Detail.ImportId, object.Id) : null;
    case 'account':
      return null;
  }
}

/** What the action was done to, linked to its page: 'Стажёр №12', 'Импорт №3'. */
export function AuditObject({ event }: { event: AuditEvent }) {
  if (!event.Object) return <>—</>;
  const text = auditObjectText(event);
  const href = objectHref(event);
  if (!href) return <>{text}</>;
  return (
    <MuiLink component={Link} to={href}>
      {text}
    </MuiLink>
  );
}

export function AuditDetails({ event }: { event: AuditEvent }) {
  const lines = auditDetailLines(event);
  if (lines.length === 0) return <>—</>;
  return (
    <>
      {lines.map((line) => (
        <Typography key={line} variant="body2" component="span" sx={{ display: 'block' }}>
          {line}
        </Typography>
      ))}
    </>
  );
}
