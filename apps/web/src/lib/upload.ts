import type { z } from 'zod';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '@registry/shared';
import { toApiError } from './api-client';

export type UploadOptions<S extends z.ZodType> = {
  /** Checks and types the JSON answer. */
  schema: S;
  /** Called as the body goes out, with the share sent so far, from 0 to 1. */
  onProgress?: (share: number) => void;
  signal?: AbortSignal;
  /** More request headers (the upload's id). */
  headers?: Record<string, string>;
};

/**
 * Posts a multipart form and reports how much of it has gone out. fetch cannot tell upload progress, so this
 * uses XMLHttpRequest, with the same client header and the same ApiError for every non-2xx answer as
 * apiRequest. A failure without an answer (the network) rejects with a plain Error.
 */
export function uploadForm<S extends z.ZodType>(
  path: string,
  form: FormData,
  { schema, onProgress, signal, headers = {} }: UploadOptions<S>,
): Promise<z.output<S>> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.setRequestHeader('accept', 'application/json');
    // The server refuses a state-changing request without this header (cross-site protection).
    request.setRequestHeader(CLIENT_HEADER, CLIENT_HEADER_VALUE);
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);

    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status < 200 || request.status >= 300) {
        reject(toApiError(request.status, request.responseText));
        return;
      }
      try {
        resolve(schema.parse(request.responseText ? JSON.parse(request.responseText) : undefined));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    request.onerror = () => reject(new Error('The upload failed without an answer'));
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });

    request.send(form);
  });
}
