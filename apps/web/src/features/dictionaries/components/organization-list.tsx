import { dictionaryTitles, type Organization } from '@registry/shared';
import type { Column } from '@/components/data-table';
import { SearchableList } from '@/components/searchable-list';
import { paths } from '@/config/paths';
import { organizationsEndpoint } from '@/lib/search-queries';
import { OrganizationDialog } from './organization-dialog';

const columns: Column<Organization>[] = [
  { header: 'Номер в реестре', cell: (row) => row.RegistryNumber, width: 140 },
  { header: 'Наименование', cell: (row) => row.Name },
  { header: 'Прежнее наименование', cell: (row) => row.FormerName },
  { header: 'Адрес электронной почты', cell: (row) => row.EmailAddress },
];

/** The SRO dictionary: self-regulatory organizations of cadastral engineers. */
export function OrganizationList() {
  return (
    <SearchableList
      title={dictionaryTitles.organizations}
      searchLabel="Поиск по наименованию или номеру в реестре"
      hrefFor={paths.organizations.href}
      endpoint={organizationsEndpoint}
      columns={columns}
      renderDialog={(organization, onClose) => (
        <OrganizationDialog organization={organization} onClose={onClose} />
      )}
    />
  );
}
