import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useCallback } from 'react';
import { auditActions } from '@registry/shared';
import { OrganizationAutocomplete } from '@/components/organization-autocomplete';
import { PeriodFilter, type Period } from '@/components/period-filter';
import { SearchAutocomplete } from '@/components/search-autocomplete';
import { operatorsEndpoint, type SearchEndpoint } from '@/lib/search-queries';
import type { AuditSearchParams } from '../api/search-audit';
import type { AuditAccount, AuditFilterState } from './audit-params';

// The picker needs only what it shows of an operator, which is also all the URL keeps of one.
const accountsEndpoint: SearchEndpoint<AuditAccount> = operatorsEndpoint;

export const filterLabels = {
  account: 'Пользователь',
  action: 'Действие',
  organization: 'СРО',
  period: 'Период',
  anyAction: 'Все действия',
};

/** The API's query for the filters; what is not picked is left out. */
export function toAuditParams(filter: AuditFilterState): AuditSearchParams {
  const params: AuditSearchParams = {};
  if (filter.account) params.account = filter.account.Id;
  if (filter.action !== null) params.action = filter.action;
  if (filter.organization) params.org = filter.organization.Id;
  if (filter.period.from) params.from = filter.period.from;
  if (filter.period.to) params.to = filter.period.to;
  return params;
}

type AuditFiltersProps = {
  filter: AuditFilterState;
  onChange: (change: Partial<AuditFilterState>) => void;
};

/** The person (any account, by name or e-mail), the action, the SRO and the period of the journal. */
export function AuditFilters({ filter, onChange }: AuditFiltersProps) {
  // Stable: the period form subscribes with it.
  const handlePeriod = useCallback((period: Period) => onChange({ period }), [onChange]);
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        mb: 2,
        // The period's two dates take their own width; the other three share the rest of a laptop's line.
        gridTemplateColumns: {
          xs: '1fr',
          md: 'repeat(2, minmax(0, 1fr))',
          lg: 'repeat(3, minmax(0, 1fr)) max-content',
        },
        alignItems: 'start',
      }}
    >
      <SearchAutocomplete<AuditAccount>
        label={filterLabels.account}
        value={filter.account}
        onChange={(account) => onChange({ account })}
        endpoint={accountsEndpoint}
        getOptionLabel={(option) => `${option.FullName} (${option.EmailAddress})`}
        minLength={2}
      />
      <TextField
        select
        label={filterLabels.action}
        value={filter.action ?? ''}
        onChange={(event) =>
          onChange({ action: event.target.value === '' ? null : Number(event.target.value) })
        }
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{filterLabels.anyAction}</MenuItem>
        {auditActions.values.map((code) => (
          <MenuItem key={code} value={code}>
            {auditActions.label(code)}
          </MenuItem>
        ))}
      </TextField>
      <OrganizationAutocomplete
        label={filterLabels.organization}
        value={filter.organization}
        onChange={(organization) => onChange({ organization })}
      />
      <PeriodFilter
        label={filterLabels.period}
        from={filter.period.from}
        to={filter.period.to}
        onChange={handlePeriod}
      />
    </Box>
  );
}
