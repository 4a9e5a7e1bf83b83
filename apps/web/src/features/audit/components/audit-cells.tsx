import MuiLink from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import {
  auditObjectKinds,
  auditRoles,
  formatDate,
  type AuditEvent,
  type AuditDetail,
} from '@registry/shared';
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
  const text = `${auditObjectKinds[event.Object.Kind]} №${event.Object.Id}`;
  const href = objectHref(event);
  if (!href) return <>{text}</>;
  return (
    <MuiLink component={Link} to={href}>
      {text}
    </MuiLink>
  );
}

const changedNames: Record<string, string> = {
  FullName: 'ФИО',
  EmailAddress: 'e-mail',
  Organization: 'СРО',
};

const queryNames: Record<string, string> = {
  term: 'поиск',
  status: 'статус',
  org: 'СРО',
  deleted: 'удалённые',
  full: 'полная выгрузка',
  account: 'пользователь',
  action: 'действие',
  from: 'с',
  to: 'по',
};

/** The event's particulars in a line each: the protocol a change wrote, a file, an export's filter. */
export function detailLines(event: Pick<AuditEvent, 'Protocol' | 'Detail'>): string[] {
  const detail: AuditDetail = event.Detail;
  const lines: string[] = [];
  if (event.Protocol) lines.push(`Протокол № ${event.Protocol.Number} от ${formatDate(event.Protocol.Date)}`);
  if (detail.ChangeId && detail.ImportId) lines.push(`Строка ${detail.ChangeId} импорта №${detail.ImportId}`);
  if (detail.FileName) lines.push(`Файл «${detail.FileName}»`);
  if (detail.AsOf) lines.push(`На дату ${formatDate(detail.AsOf)}`);
  if (detail.Changed?.length)
    lines.push(`Изменено: ${detail.Changed.map((name) => changedNames[name] ?? name).join(', ')}`);
  if (detail.Query) {
    const filter = Object.entries(detail.Query).map(
      ([name, value]) => `${queryNames[name] ?? name}: ${value}`,
    );
    lines.push(filter.length ? `Отбор — ${filter.join('; ')}` : 'Без отбора');
  }
  return lines;
}

export function AuditDetails({ event }: { event: AuditEvent }) {
  const lines = detailLines(event);
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
