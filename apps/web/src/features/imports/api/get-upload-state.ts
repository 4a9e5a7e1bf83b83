import { queryOptions, useQuery } from '@tanstack/react-query';
import { UploadStateSchema } from '@registry/shared';
import { apiRequest } from '@/lib/api-client';

/** How often the dialog asks while the server checks the file. */
const POLL_MS = 1000;

/**
 * `GET /api/v1/imports/uploads/{uploadId}`: whether the caller's upload waits in the server's queue or is
 * being checked. Asked again and again while it is checked; a failed question is only not answered.
 */
export const uploadStateQueryOptions = (uploadId: string) =>
  queryOptions({
    queryKey: ['upload-states', uploadId],
    queryFn: ({ signal }) =>
      apiRequest(`/api/v1/imports/uploads/${uploadId}`, { schema: UploadStateSchema, signal }),
    refetchInterval: POLL_MS,
    retry: false,
    gcTime: 0,
    meta: { hasOwnErrorHandling: true },
  });

/** The state of the upload named `uploadId` while `isChecking`; nothing is asked otherwise. */
export function useUploadState(uploadId: string | null, isChecking: boolean) {
  return useQuery({ ...uploadStateQueryOptions(uploadId ?? ''), enabled: uploadId !== null && isChecking });
}

/**
 * A random UUID (version 4) to name an upload. crypto.randomUUID exists only on HTTPS pages and localhost, and
 * the registry may be served over plain HTTP inside a network; getRandomValues exists everywhere.
 */
export function newUploadId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
