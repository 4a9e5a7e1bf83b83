import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { splitServerError } from './server-errors';

const fields = ['Name', 'EmailAddress', 'Organization'];
const invalid = (...info: string[]) =>
  new ApiError(400, { ErrorMessage: 'Проверьте правильность заполнения полей', ErrorId: 'a', Info: info });

describe('splitServerError', () => {
  it('puts 400 lines under the fields they name, nested paths under their first part', () => {
    const error = invalid('«Name»: Не более 500 символов', '«Organization.Id»: СРО не найдено');
    expect(splitServerError(error, fields)).toEqual({
      fieldErrors: [
        { field: 'Name', message: 'Не более 500 символов' },
        { field: 'Organization', message: 'СРО не найдено' },
      ],
      alert: [],
    });
  });

  it('sends lines about other fields to the alert after the message', () => {
    const error = invalid(
      '«Name»: Не более 500 символов',
      '«RegistryNumber»: Данное поле обязательно для заполнения',
    );
    expect(splitServerError(error, fields)).toEqual({
      fieldErrors: [{ field: 'Name', message: 'Не более 500 символов' }],
      alert: [
        'Проверьте правильность заполнения полей',
        '«RegistryNumber»: Данное поле обязательно для заполнения',
      ],
    });
  });

  it('shows a conflict as its message', () => {
    const error = new ApiError(409, {
      ErrorMessage: 'Учебное заведение «А» уже есть в справочнике',
      ErrorId: 'b',
    });
    expect(splitServerError(error, fields)).toEqual({
      fieldErrors: [],
      alert: ['Учебное заведение «А» уже есть в справочнике'],
    });
  });

  it('gives the error code of a server failure, and a generic text for a network one', () => {
    expect(
      splitServerError(new ApiError(500, { ErrorMessage: 'Сбой', ErrorId: 'c-1' }), fields).alert,
    ).toEqual(['Сбой', 'Код ошибки: c-1']);
    expect(splitServerError(new TypeError('Failed to fetch'), fields).alert).toEqual([
      'При выполнении операции произошла непредвиденная ошибка',
    ]);
  });
});
