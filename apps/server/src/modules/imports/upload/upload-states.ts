import { texts, type UploadState } from '@registry/shared';
import { AppError } from '../../../lib/app-error.js';
import type { ReadStage } from '../reader/change-file-runner.js';

/**
 * The uploads this process is checking, by the id their uploader gave them (UPLOAD_ID_HEADER), with where
 * each is: waiting in the reader's queue or being read. Only this process knows its own: behind several
 * processes the question may reach another one, which answers `checking` (README, IMPORT_PARALLEL_READS).
 * An upload is forgotten once its file is read: what follows is its answer.
 */
export function createUploadStates() {
  const uploads = new Map<string, { accountId: number; stage: ReadStage }>();
  return {
    /** Notes an upload of the account until `done`; an id in use is refused (a client makes a new one each time). */
    begin(id: string, accountId: number) {
      if (uploads.has(id)) throw new AppError(409, texts.uploadIdInUse);
      const upload = { accountId, stage: 'reading' as ReadStage };
      uploads.set(id, upload);
      return {
        onStage: (stage: ReadStage) => {
          upload.stage = stage;
        },
        done: () => {
          uploads.delete(id);
        },
      };
    },

    /** The state of the caller's own upload; one of another account's is refused, an unknown one is `checking`. */
    stateOf(id: string, accountId: number): UploadState {
      const upload = uploads.get(id);
      if (!upload) return { State: 'checking' };
      if (upload.accountId !== accountId) throw new AppError(403, texts.forbidden);
      return { State: upload.stage === 'queued' ? 'queued' : 'checking' };
    },
  };
}

export type UploadStates = ReturnType<typeof createUploadStates>;
