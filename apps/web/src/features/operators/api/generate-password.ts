import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Gives the account a new password, which the server e-mails to it; the answer never holds the password. */
export function generatePassword(id: number): Promise<void> {
  return apiRequest(`/api/v1/operators/${id}/generate-password`, { method: 'POST' });
}

/** Generates and sends a password; a failure opens the global error dialog under its own title. */
export function useGeneratePassword() {
  return useMutation({
    mutationFn: generatePassword,
    meta: { errorTitle: 'При отправке пароля произошла ошибка' },
  });
}
