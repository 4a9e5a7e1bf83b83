import KeyIcon from '@mui/icons-material/Key';
import Alert from '@mui/material/Alert';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import type { Operator } from '@registry/shared';
import type { Column } from '@/components/data-table';
import { SearchableList } from '@/components/searchable-list';
import { paths } from '@/config/paths';
import { operatorsEndpoint } from '@/lib/search-queries';
import { GeneratePasswordDialog } from './generate-password-dialog';
import { OperatorDialog } from './operator-dialog';

const registryOperator = 'Оператор реестра';

const columns: Column<Operator>[] = [
  { header: 'ФИО', cell: (row) => row.FullName },
  { header: 'Адрес электронной почты', cell: (row) => row.EmailAddress },
  { header: 'Организация', cell: (row) => row.Organization?.Name ?? registryOperator },
];

/** The accounts: operators of the registry and representatives of SROs, with their e-mailed passwords. */
export function OperatorList() {
  const [passwordFor, setPasswordFor] = useState<Operator | null>(null);
  const [notice, setNotice] = useState({ isOpen: false, text: '' });

  const renderActions = (row: Operator) => (
    <Tooltip title="Сгенерировать пароль">
      <IconButton aria-label="Сгенерировать пароль" size="small" onClick={() => setPasswordFor(row)}>
        <KeyIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );

  return (
    <>
      <SearchableList
        title="Операторы"
        searchLabel="Поиск по ФИО или адресу электронной почты"
        hrefFor={paths.operators.href}
        endpoint={operatorsEndpoint}
        columns={columns}
        rowActions={renderActions}
        renderDialog={(operator, onClose) => (
          <OperatorDialog
            operator={operator}
            onClose={onClose}
            onGeneratePassword={setPasswordFor}
            onCreated={(created) =>
              setNotice({
                isOpen: true,
                text: `Учётная запись создана, пароль отправлен на адрес ${created.EmailAddress}`,
              })
            }
          />
        )}
      />
      {passwordFor && (
        <GeneratePasswordDialog
          account={passwordFor}
          onClose={() => setPasswordFor(null)}
          onSent={(email) => setNotice({ isOpen: true, text: `Пароль отправлен на адрес ${email}` })}
        />
      )}
      <Snackbar
        open={notice.isOpen}
        autoHideDuration={8000}
        onClose={() => setNotice((current) => ({ ...current, isOpen: false }))}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert severity="success" variant="filled" sx={{ width: '100%' }}>
          {notice.text}
        </Alert>
      </Snackbar>
    </>
  );
}
