import type { ChangeFileOptions } from '../../modules/imports/reader/change-file-reader.js';

/** The reader's options as the app's defaults give them, on a fixed day, with the given overrides. */
export function testOptions(overrides: Partial<ChangeFileOptions> = {}): ChangeFileOptions {
  return {
    organization: { Id: 7, Name: 'СРО «Кадастровые инженеры»' },
    importSchools: false,
    dictionaries: { schools: [], addresses: [], terminationReasons: [] },
    limits: { maxFileBytes: 10 * 2 ** 20, maxRows: 10_000, maxColumns: 200, maxUnpackedBytes: 200 * 2 ** 20 },
    today: '2026-11-22',
    ...overrides,
  };
}
