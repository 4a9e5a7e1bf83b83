import type { Db } from '../../../db/client.js';
import { createDictionaryRepository } from '../../dictionary/dictionary.repository.js';
import { createSchoolRepository } from '../../school/school.repository.js';
import type { DictionarySource } from './change-file-runner.js';

/**
 * The dictionaries a change file's values are found in, read from the database for each file. They are
 * handed to the reader's worker as lists: a worker has no database, and a whole dictionary is small beside
 * a file.
 */
export function createDictionarySource(db: Db): DictionarySource {
  const schools = createSchoolRepository(db);
  const dictionary = createDictionaryRepository(db);
  const toRef = (entry: { id: number; value: string }) => ({ Id: entry.id, Value: entry.value });
  return {
    async load() {
      const [schoolRows, addresses, reasons] = await Promise.all([
        schools.all(),
        dictionary.all('addresses'),
        dictionary.all('termination-reasons'),
      ]);
      return {
        schools: schoolRows.map((school) => ({ Id: school.id, Name: school.name })),
        addresses: addresses.map(toRef),
        terminationReasons: reasons.map(toRef),
      };
    },
  };
}
