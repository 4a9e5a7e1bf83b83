import { useCallback } from 'react';
import { auditActions, type NamedRef, type Operator } from '@registry/shared';
import { paths } from '@/config/paths';
import { periodFromUrl, useUrlState } from '@/lib/use-url-state';

/** The account the journal is filtered by: what its picker shows of it. */
export type AuditAccount = Pick<Operator, 'Id' | 'FullName' | 'EmailAddress'>;

/**
 * What the journal's filters hold: the picked records themselves, so that the pickers can show them; their
 * names ride along in the URL only for that.
 */
export type AuditFilterState = {
  account: AuditAccount | null;
  action: number | null;
  organization: NamedRef | null;
  period: { from: string | null; to: string | null };
};

export const noFilter: AuditFilterState = {
  account: null,
  action: null,
  organization: null,
  period: { from: null, to: null },
};

const idFromUrl = (value: string | null): number | null => {
  const id = Number(value);
  return value && /^\d{1,9}$/.test(value) && id > 0 ? id : null;
};

/**
 * Reads `?account&accountName&accountEmail&action&org&orgName&from&to`; anything unreadable is left out, and
 * so is an end before the start.
 */
export function readAuditParams(search: URLSearchParams): AuditFilterState {
  const accountId = idFromUrl(search.get('account'));
  const orgId = idFromUrl(search.get('org'));
  const action = search.get('action');
  return {
    account:
      accountId === null
        ? null
        : {
            Id: accountId,
            FullName: search.get('accountName') ?? '',
            EmailAddress: search.get('accountEmail') ?? '',
          },
    action: auditActions.values.find((code) => String(code) === action) ?? null,
    organization: orgId === null ? null : { Id: orgId, Name: search.get('orgName') ?? '' },
    period: periodFromUrl(search),
  };
}

/** The query string of the filters, without '?'; what is not picked is left out. */
export function writeAuditParams(filter: AuditFilterState): string {
  const search = new URLSearchParams();
  if (filter.account) {
    search.set('account', String(filter.account.Id));
    search.set('accountName', filter.account.FullName);
    search.set('accountEmail', filter.account.EmailAddress);
  }
  if (filter.action !== null) search.set('action', String(filter.action));
  if (filter.organization) {
    search.set('org', String(filter.organization.Id));
    search.set('orgName', filter.organization.Name);
  }
  if (filter.period.from) search.set('from', filter.period.from);
  if (filter.period.to) search.set('to', filter.period.to);
  return search.toString();
}

const auditHref = (filter: AuditFilterState) => {
  const query = writeAuditParams(filter);
  return query ? `${paths.audit.href()}?${query}` : paths.audit.href();
};

/** The journal's filters kept in its URL, so that a reload, Back and a shared link show the same events. */
export function useAuditParams() {
  const { state: filter, change } = useUrlState(readAuditParams, auditHref);
  const update = useCallback(
    (changes: Partial<AuditFilterState>) => change((current) => ({ ...current, ...changes })),
    [change],
  );
  return { filter, update };
}
