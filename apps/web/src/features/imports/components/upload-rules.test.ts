import { describe, expect, it } from 'vitest';
import { toApiError } from '@/lib/api-client';
import { canUpload, fileSlots, missingFiles, uploadErrorText } from './upload-rules';

const file = (name: string) => new File(['x'], name);
const mainFiles = {
  file: file('changes.xlsx'),
  protocol: file('protocol.pdf'),
  letter: file('letter.pdf'),
};

describe('canUpload', () => {
  it('waits for a representative’s three main files, the signatures being optional', () => {
    expect(canUpload('organization', {}, false)).toBe(false);
    expect(canUpload('organization', { file: mainFiles.file, protocol: mainFiles.protocol }, false)).toBe(
      false,
    );
    expect(canUpload('organization', { ...mainFiles, letter: null }, false)).toBe(false);
    expect(canUpload('organization', mainFiles, false)).toBe(true);
  });

  it('lets an operator press it without a file, to be told the file is required', () => {
    expect(canUpload('operator', {}, false)).toBe(true);
    expect(missingFiles('operator', {}).map((slot) => slot.field)).toEqual(['file']);
    expect(missingFiles('operator', { file: mainFiles.file })).toEqual([]);
  });

  it('is off while an upload runs', () => {
    expect(canUpload('operator', { file: mainFiles.file }, true)).toBe(false);
    expect(canUpload('organization', mainFiles, true)).toBe(false);
  });
});

describe('fileSlots', () => {
  it('asks an operator for the Excel file only', () => {
    expect(fileSlots.operator.map((slot) => [slot.field, slot.isRequired])).toEqual([['file', true]]);
    expect(fileSlots.operator[0]?.accept).toContain('.xls,.xlsx');
  });

  it('asks a representative for Excel, protocol and letter, with optional signatures', () => {
    expect(fileSlots.organization.map((slot) => [slot.field, slot.isRequired])).toEqual([
      ['file', true],
      ['protocol', true],
      ['protocolSignature', false],
      ['letter', true],
      ['letterSignature', false],
    ]);
    const accept = Object.fromEntries(fileSlots.organization.map((slot) => [slot.field, slot.accept]));
    expect(accept.protocol).toContain('.pdf');
    expect(accept.letterSignature).toBe('.sig');
  });
});

describe('uploadErrorText', () => {
  it('joins the Info lines by line breaks', () => {
    const error = toApiError(
      400,
      JSON.stringify({
        ErrorMessage: 'Файл не принят: исправьте ошибки и загрузите его снова',
        Info: ['Строка 12, «СНИЛС»: неверная контрольная сумма', 'Строка 14, «Фамилия»: обязательное поле'],
      }),
    );
    expect(uploadErrorText(error)).toBe(
      'Строка 12, «СНИЛС»: неверная контрольная сумма\nСтрока 14, «Фамилия»: обязательное поле',
    );
  });

  it('falls back to Message, ExceptionMessage, then ErrorMessage', () => {
    const body = { ErrorMessage: 'e', ExceptionMessage: 'x', Message: 'm' };
    expect(uploadErrorText(toApiError(500, JSON.stringify(body)))).toBe('m');
    expect(uploadErrorText(toApiError(500, JSON.stringify({ ...body, Message: undefined })))).toBe('x');
    expect(uploadErrorText(toApiError(413, JSON.stringify({ ErrorMessage: 'Файл слишком большой' })))).toBe(
      'Файл слишком большой',
    );
  });

  it('says an unexpected error happened when the answer says nothing', () => {
    expect(uploadErrorText(toApiError(502, '<html></html>'))).toBe('Произошла непредвиденная ошибка');
  });

  it('says the upload failed when no answer came', () => {
    expect(uploadErrorText(new Error('network'))).toBe('При загрузке файла произошла непредвиденная ошибка');
  });
});
