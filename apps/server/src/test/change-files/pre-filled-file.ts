import { Writable } from 'node:stream';
import { writeChangeFile } from '../../modules/imports/change-file-export.js';
import type {
  ChangeFileExportRepository,
  ExportedTrainee,
} from '../../modules/imports/change-file-export.repository.js';
import type { ExportHeader } from '../../modules/imports/rows/change-file-keys-sheet.js';

/** The pre-filled change file of these trainees, written by the export as it is downloaded, without a database. */
export async function preFilledFile(
  trainees: ExportedTrainee[],
  header: ExportHeader,
  secret: Buffer,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  const finished = new Promise((resolve) => output.on('finish', resolve));
  const byId = new Map(trainees.map((trainee) => [trainee.id, trainee]));
  // The export's repository: the trainees as it would read them.
  const repo: ChangeFileExportRepository = {
    traineeIds: () => Promise.resolve([...byId.keys()]),
    trainees: (ids) => Promise.resolve(ids.flatMap((id) => byId.get(id) ?? [])),
  };
  await writeChangeFile(output, { repo, ids: [...byId.keys()], header, secret });
  await finished;
  return Buffer.concat(chunks);
}
