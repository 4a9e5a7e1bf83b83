import { vi } from 'vitest';

/**
 * Stands in for the browser's XMLHttpRequest in upload tests: each request sent is kept in `sent`, and the
 * test answers it, reports its progress or fails it by hand.
 */
export class FakeUploadRequest {
  static sent: FakeUploadRequest[] = [];
  method = '';
  url = '';
  headers = new Map<string, string>();
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers.set(name, value);
  }
  send(body: FormData) {
    this.body = body;
    FakeUploadRequest.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  /** Answers with a status and a body: a string as is, anything else as JSON. */
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
  /** Reports `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
}

/** Replaces XMLHttpRequest with the fake, forgetting earlier requests; undo with vi.unstubAllGlobals(). */
export function stubUploads() {
  FakeUploadRequest.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeUploadRequest);
}

/** The latest request sent. */
export function lastUpload(): FakeUploadRequest {
  const request = FakeUploadRequest.sent.at(-1);
  if (!request) throw new Error('No upload was sent');
  return request;
}
