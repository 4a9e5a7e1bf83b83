import { verifyKeys } from '../change-file-keys.js';
import type { ExportKeys } from '../rows/change-file-keys-sheet.js';
import { noticeMessages } from '../rows/change-file-messages.js';

/** What a pre-filled file's signed keys say: when it was downloaded, and each trainee's version then. */
export interface ExportVersions {
  exportedAt: Date;
  /** `interns.version` at the download, by trainee. */
  versions: Map<number, number>;
}

/**
 * The keys of a file uploaded back, if the register wrote them for this SRO and nothing in them was edited;
 * else the notice the import gets: its rows are then keyed by «Номер в реестре» alone.
 */
export function exportVersionsOf(
  secret: Buffer,
  read: ExportKeys | 'damaged' | null,
  organizationId: number,
): ExportVersions | { notice: string } {
  if (read === null) return { notice: noticeMessages.keysMissing };
  if (read === 'damaged') return { notice: noticeMessages.keysUnverified };
  const { header, keys, signature } = read;
  const exportedAt = new Date(header.exportedAt);
  if (
    header.organizationId !== organizationId ||
    Number.isNaN(exportedAt.getTime()) ||
    !verifyKeys(secret, header, keys, signature)
  )
    return { notice: noticeMessages.keysUnverified };
  return { exportedAt, versions: new Map(keys.map((key) => [key.internId, key.version])) };
}
