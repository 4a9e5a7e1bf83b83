import type { Operator } from '@registry/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useGeneratePassword } from '../api/generate-password';

type GeneratePasswordDialogProps = {
  account: Operator;
  onClose: () => void;
  /** The password has gone to `email`. */
  onSent: (email: string) => void;
};

/** Asks before replacing an account's password: the old one stops working and its sessions end. */
export function GeneratePasswordDialog({ account, onClose, onSent }: GeneratePasswordDialogProps) {
  const generate = useGeneratePassword();

  const handleConfirm = () =>
    generate.mutate(account.Id, {
      onSuccess: () => {
        onSent(account.EmailAddress);
        onClose();
      },
    });

  return (
    <ConfirmDialog
      title="Сгенерировать пароль"
      confirmLabel="Сгенерировать и отправить"
      onConfirm={handleConfirm}
      onClose={onClose}
      isBusy={generate.isPending}
    >
      Новый пароль для учётной записи «{account.FullName}» будет отправлен на адрес {account.EmailAddress}.
      Прежний пароль перестанет действовать, открытые сеансы будут завершены.
    </ConfirmDialog>
  );
}
