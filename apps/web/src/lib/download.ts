import type { DownloadedFile } from './api-client';

// The browser reads the file after the click returns; the object URL must outlive that.
const REVOKE_DELAY_MS = 60_000;

/** Hands a downloaded file to the browser, which saves it under its name as any other download. */
export function saveFile({ blob, fileName }: DownloadedFile) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), REVOKE_DELAY_MS);
}
