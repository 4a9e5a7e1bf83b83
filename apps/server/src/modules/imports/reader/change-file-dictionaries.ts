import type { DictionaryService } from '../../dictionary/dictionary.service.js';
import type { SchoolService } from '../../school/school.service.js';
import type { DictionarySource } from './change-file-runner.js';

/** The services the dictionaries are read through: the imports module never queries another's tables. */
export interface DictionaryServices {
  schools: Pick<SchoolService, 'all'>;
  dictionaries: Pick<DictionaryService, 'all'>;
}

/**
 * The dictionaries a change file's values are found in, read from the database for each file. They are
 * handed to the reader's worker as lists: a worker has no database, and a whole dictionary is small beside
 * a file.
 */
export function createDictionarySource({ schools, dictionaries }: DictionaryServices): DictionarySource {
  return {
    async load() {
      const [schoolList, addresses, terminationReasons] = await Promise.all([
        schools.all(),
        dictionaries.all('addresses'),
        dictionaries.all('termination-reasons'),
      ]);
      return { schools: schoolList, addresses, terminationReasons };
    },
  };
}
