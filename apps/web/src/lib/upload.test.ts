import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lastUpload as sent, stubUploads } from '@/test/fake-upload-request';
import { ApiError } from './api-client';
import { uploadForm } from './upload';

const schema = z.object({ Id: z.number() });

beforeEach(stubUploads);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('uploadForm', () => {
  it('posts the form with the client header and resolves with the checked answer', async () => {
    const form = new FormData();
    form.append('data', '{}');
    const result = uploadForm('/api/v1/imports', form, { schema });

    expect(sent().method).toBe('POST');
    expect(sent().url).toBe('/api/v1/imports');
    expect(sent().headers.get('x-registry-client')).toBe('web');
    expect(sent().body).toBe(form);
    sent().answer(201, { Id: 7 });
    await expect(result).resolves.toEqual({ Id: 7 });
  });

  it('reports the share of the body sent so far', () => {
    const onProgress = vi.fn();
    void uploadForm('/api/v1/imports', new FormData(), { schema, onProgress });

    sent().progress(25, 100);
    sent().upload.onprogress?.({ lengthComputable: false, loaded: 50, total: 0 });
    expect(onProgress.mock.calls).toEqual([[0.25]]);
  });

  it('turns a refusal into an ApiError with its Info lines', async () => {
    const result = uploadForm('/api/v1/imports', new FormData(), { schema });
    sent().answer(400, {
      ErrorMessage: 'Файл не принят',
      ErrorId: 'e1',
      Info: ['Строка 12, «СНИЛС»: неверная контрольная сумма'],
    });

    const error: unknown = await result.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).info).toEqual(['Строка 12, «СНИЛС»: неверная контрольная сумма']);
  });

  it('keeps the status of an answer without a JSON body, such as a proxy’s 413', async () => {
    const result = uploadForm('/api/v1/imports', new FormData(), { schema });
    sent().answer(413, '<html>Request Entity Too Large</html>');
    await expect(result).rejects.toMatchObject({ status: 413, body: {} });
  });

  it('rejects with a plain error when no answer came', async () => {
    const result = uploadForm('/api/v1/imports', new FormData(), { schema });
    sent().onerror?.();
    const error: unknown = await result.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(ApiError);
  });

  it('stops the request when its signal aborts', async () => {
    const controller = new AbortController();
    const result = uploadForm('/api/v1/imports', new FormData(), { schema, signal: controller.signal });
    controller.abort();
    await expect(result).rejects.toMatchObject({ name: 'AbortError' });
  });
});
