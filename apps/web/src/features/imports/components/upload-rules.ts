import { ApiError } from '@/lib/api-client';
import type { UploadFileField, UploadFiles } from '../api/upload-import';

/**
 * The upload dialog's rules (docs/screens.md#upload-dialog), apart from its layout so
 * that they are tested on their own. Operators upload an Excel file for an SRO they pick; an SRO's
 * representative uploads it with the protocol and the cover letter, and may add their signatures.
 */
export type UploadReading = 'operator' | 'organization';

export const fileRequiredText = 'Файл обязателен для приложения';
export const unexpectedUploadText = 'Произошла непредвиденная ошибка';
export const uploadFailedText = 'При загрузке файла произошла непредвиденная ошибка';

/** A file the dialog asks for: its label and the types its picker offers. */
export type FileSlot = { field: UploadFileField; label: string; accept: string; isRequired: boolean };

const excel: FileSlot = {
  field: 'file',
  label: 'Файл с изменениями (.xls, .xlsx)',
  accept:
    '.xls,.xlsx,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  isRequired: true,
};

const pdf = '.pdf,application/pdf';
const signature = '.sig';

/** The files of each reading, in the order the dialog shows them. */
export const fileSlots: Record<UploadReading, FileSlot[]> = {
  operator: [excel],
  organization: [
    excel,
    { field: 'protocol', label: 'Протокол (.pdf)', accept: pdf, isRequired: true },
    { field: 'protocolSignature', label: 'Подпись протокола (.sig)', accept: signature, isRequired: false },
    { field: 'letter', label: 'Сопроводительное письмо (.pdf)', accept: pdf, isRequired: true },
    {
      field: 'letterSignature',
      label: 'Подпись сопроводительного письма (.sig)',
      accept: signature,
      isRequired: false,
    },
  ],
};

/** The required files not chosen yet. */
export function missingFiles(reading: UploadReading, files: UploadFiles): FileSlot[] {
  return fileSlots[reading].filter((slot) => slot.isRequired && !files[slot.field]);
}

/**
 * Whether 'Загрузить' can be pressed. A representative's upload waits for its three main files; an operator's
 * may be pressed without a file, and is then told the file is required. Never twice at once.
 */
export function canUpload(reading: UploadReading, files: UploadFiles, isUploading: boolean): boolean {
  if (isUploading) return false;
  return reading === 'operator' || missingFiles(reading, files).length === 0;
}

export const confirmRepeatText = 'Загрузить повторно';

/**
 * The refusal of a file the SRO already has an import of (the same bytes), which names that import: an
 * operator may then upload it on purpose; a representative may not.
 */
export function isRepeatedFile(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.body.Import !== undefined;
}

/**
 * The alert's text for a failed upload (docs/screens.md#upload-failure): the server's `Info` lines (one
 * problem each, such as 'Строка 12, «СНИЛС»: неверная контрольная сумма') joined by line breaks; else its
 * message; else the generic sentence. A failure without any answer (the network) says the upload itself
 * failed.
 */
export function uploadErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return uploadFailedText;
  if (error.info.length > 0) return error.info.join('\n');
  const { Message, ExceptionMessage, ErrorMessage } = error.body;
  return Message || ExceptionMessage || ErrorMessage || unexpectedUploadText;
}
