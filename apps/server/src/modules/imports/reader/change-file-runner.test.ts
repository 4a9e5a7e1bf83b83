import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.js';
import { fileMessages } from '../rows/change-file-messages.js';
import {
  concurrencyLimit,
  createChangeFileReader,
  createReaderWorkers,
  readInWorker,
  streamInWorker,
  type DictionarySource,
  type RowStream,
} from './change-file-runner.js';
import { packedCount, unpackRows } from '../rows/change-file-packing.js';
import { buildChangeFileTemplate } from '../change-file-template.js';
import { testOptions } from '../../../test/change-files/reader-options.js';
import { WARM_UP_ROWS } from './warm-up.js';
import { sampleRow, sheetOf, snilsFrom, xlsxOf } from '../../../test/change-files/workbooks.js';

const noDictionaries: DictionarySource = {
  load: async () => ({ schools: [], addresses: [], terminationReasons: [] }),
};

/** Takes every batch, then the outcome. */
async function drain(stream: RowStream) {
  for await (const _batch of stream.batches);
  return stream.outcome;
}

/** A file of `count` rows of the template's headers. */
const fileOfRows = (count: number) =>
  xlsxOf(
    sheetOf(
      Array.from({ length: count }, (_, i) =>
        sampleRow({
          СНИЛС: snilsFrom(320_000_000 + i),
          'Уникальный идентификационный номер стажировки': `П-${i}`,
        }),
      ),
    ),
  );

const bounds = { memoryMb: 256, timeLimitMs: 60_000 };

describe('reading a change file in a bounded worker', () => {
  it('reads the template in a worker and reports its heap under the cap', async () => {
    const result = await readInWorker(await buildChangeFileTemplate(), 'Шаблон.xlsx', testOptions(), {
      memoryMb: 256,
      timeLimitMs: 20_000,
    });
    expect(result).toMatchObject({ ok: true, extension: 'xlsx' });
    expect(result.heapPeakMb).toBeGreaterThan(0);
    expect(result.heapPeakMb).toBeLessThan(256);
  });

  it('stops a worker at the time limit and says so in Russian', async () => {
    const result = await readInWorker(await buildChangeFileTemplate(), 'Шаблон.xlsx', testOptions(), {
      memoryMb: 256,
      timeLimitMs: 1,
    });
    expect(result).toMatchObject({ ok: false, problems: [fileMessages.timeout(1)], heapPeakMb: null });
  });

  it('turns a worker that runs out of its memory into a refusal', async () => {
    const result = await readInWorker(await buildChangeFileTemplate(), 'Шаблон.xlsx', testOptions(), {
      memoryMb: 4,
      timeLimitMs: 20_000,
    });
    expect(result).toMatchObject({ ok: false, problems: [fileMessages.outOfMemory(4)] });
  });

  it('sends the rows 500 at a time as it reads them, each batch saying what the file is', async () => {
    const stream = streamInWorker(await fileOfRows(2100), 'f.xlsx', testOptions(), bounds);
    const batches: string[] = [];
    for await (const { rows, extension } of stream.batches) batches.push(`${packedCount(rows)} ${extension}`);
    expect(batches).toEqual(['500 xlsx', '500 xlsx', '500 xlsx', '500 xlsx', '100 xlsx']);
    expect(await stream.outcome).toMatchObject({ ok: true, rowCount: 2100 });
  });

  it('stops the worker when its rows are no longer wanted', async () => {
    const stream = streamInWorker(await fileOfRows(2100), 'f.xlsx', testOptions(), bounds);
    for await (const _batch of stream.batches) break;
    expect(await stream.outcome).toMatchObject({ ok: false, detail: 'stopped' });
  });

  it('once warmed, hands each file a worker of its own and loads the next one on refill', async () => {
    const workers = createReaderWorkers(256);
    try {
      await workers.warm();
      const first = workers.take();
      const second = workers.take();
      expect(second.threadId).not.toBe(first.threadId);
      const template = await buildChangeFileTemplate();
      const bounds = { memoryMb: 256, timeLimitMs: 20_000 };
      const results = await Promise.all(
        [first, second].map((worker) => readInWorker(template, 'Шаблон.xlsx', testOptions(), bounds, worker)),
      );
      expect(results.map((result) => result.ok && packedCount(result.rows))).toEqual([1, 1]);
      workers.refill();
      await workers.warm();
      const third = workers.take();
      expect(third.threadId).toBeGreaterThan(second.threadId);
      await third.terminate();
    } finally {
      await workers.close();
    }
  });

  it('has the waiting worker read the warm-up sample whole, then a file as if it had read nothing else', async () => {
    const workers = createReaderWorkers(256);
    try {
      expect(await workers.warm()).toBe(WARM_UP_ROWS);
      const result = await readInWorker(await fileOfRows(3), 'f.xlsx', testOptions(), bounds, workers.take());
      expect(result).toMatchObject({ ok: true, rowCount: 3 });
      expect(result.ok && unpackRows(result.rows).map((row) => row.rowNumber)).toEqual([2, 3, 4]);
    } finally {
      await workers.close();
    }
  });

  it('answers whoever waits for the warm-up when the worker is taken for a file first', async () => {
    const workers = createReaderWorkers(256);
    try {
      const warming = workers.warm();
      const worker = workers.take();
      expect(await warming).toBeNull();
      const result = await readInWorker(await fileOfRows(2), 'f.xlsx', testOptions(), bounds, worker);
      expect(result).toMatchObject({ ok: true, rowCount: 2 });
    } finally {
      await workers.close();
    }
  });

  it('reads files one after another through a warmed reader', async () => {
    const reader = createChangeFileReader(loadConfig({}).changeFileReader, noDictionaries);
    try {
      await reader.warm();
      const bytes = await buildChangeFileTemplate();
      const request = {
        bytes,
        name: 'Шаблон.xlsx',
        organization: { Id: 1, Name: 'СРО' },
        importSchools: true,
      };
      for (let file = 0; file < 3; file++) {
        expect(await reader.read(request, drain)).toMatchObject({ ok: true, extension: 'xlsx', rowCount: 1 });
      }
    } finally {
      await reader.close();
    }
  });

  it('answers the error of what takes the rows, and stops the file’s worker', async () => {
    const reader = createChangeFileReader(loadConfig({}).changeFileReader, noDictionaries);
    let taken: RowStream | null = null;
    const request = { bytes: await fileOfRows(2100), name: 'f.xlsx', organization: { Id: 1, Name: 'СРО' } };
    await expect(
      reader.read({ ...request, importSchools: false }, async (stream) => {
        taken = stream;
        throw new Error('the database went away');
      }),
    ).rejects.toThrow('the database went away');
    expect(await taken!.outcome).toMatchObject({ ok: false, detail: 'stopped' });
    await reader.close();
  });

  it('refuses a file over the size limit without starting a worker', async () => {
    const { changeFileReader } = loadConfig({ IMPORT_MAX_FILE_MB: '1' });
    const reader = createChangeFileReader(changeFileReader, noDictionaries);
    const result = await reader.read(
      {
        bytes: new Uint8Array(2 * 2 ** 20),
        name: 'big.xlsx',
        organization: { Id: 1, Name: 'СРО' },
        importSchools: false,
      },
      drain,
    );
    expect(result).toMatchObject({ ok: false, kind: 'too-large', heapPeakMb: null });
    expect(result.ok === false && result.problems[0]).toMatch(
      /^Файл занимает 2 МБ, а допускается не более 1 МБ/,
    );
  });

  it('takes its limits from the settings, with the documented defaults', () => {
    expect(loadConfig({}).changeFileReader).toEqual({
      limits: {
        maxFileBytes: 10 * 2 ** 20,
        maxRows: 10_000,
        maxColumns: 200,
        maxUnpackedBytes: 200 * 2 ** 20,
      },
      memoryMb: 512,
      timeLimitMs: 60_000,
      parallel: 2,
    });
    expect(loadConfig({ IMPORT_MAX_ROWS: '500' }).changeFileReader.limits.maxRows).toBe(500);
  });

  it('runs at most the allowed number of reads at once, the rest in turn', async () => {
    const limited = concurrencyLimit(2);
    let active = 0;
    let most = 0;
    const task = async () => {
      most = Math.max(most, ++active);
      await new Promise((resolve) => setTimeout(resolve, 5));
      active--;
    };
    await Promise.all(Array.from({ length: 6 }, () => limited(task)));
    expect(most).toBe(2);
  });

  it('tells a task that must wait its turn, and only such a task', async () => {
    const limited = concurrencyLimit(1);
    let release = () => {};
    const running = new Promise<void>((resolve) => (release = resolve));
    const waited: string[] = [];
    const first = limited(
      () => running,
      () => waited.push('first'),
    );
    const second = limited(
      async () => 'done',
      () => waited.push('second'),
    );
    expect(waited).toEqual(['second']);
    release();
    await first;
    expect(await second).toBe('done');
  });
});
