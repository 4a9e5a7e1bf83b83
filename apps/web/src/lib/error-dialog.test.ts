import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { closeErrorDialog, describeError, getErrorDialogState, showErrorDialog } from './error-dialog';

describe('describeError', () => {
  it('takes ErrorMessage first, with the error code', () => {
    const error = new ApiError(500, {
      ErrorMessage: 'Сервер недоступен',
      ExceptionMessage: 'ignored',
      Message: 'ignored',
      ErrorId: 'e-42',
    });
    expect(describeError(error)).toEqual({
      title: 'Произошла непредвиденная ошибка',
      text: 'Сервер недоступен',
      errorId: 'e-42',
    });
  });

  it('passes on the trainee a refusal names, for the dialog to link to', () => {
    const error = new ApiError(409, {
      ErrorMessage: 'СНИЛС 112-233-445 95 уже принадлежит стажёру Орлова Анна',
      ErrorId: 'e-7',
      Intern: { Id: 7, FullName: 'Орлова Анна' },
    });
    expect(describeError(error).intern).toEqual({ Id: 7, FullName: 'Орлова Анна' });
  });

  it('falls back to ExceptionMessage, then Message', () => {
    expect(describeError(new ApiError(500, { ExceptionMessage: 'NullReference', Message: 'x' })).text).toBe(
      'NullReference',
    );
    expect(describeError(new ApiError(500, { Message: 'Ошибка шлюза' })).text).toBe('Ошибка шлюза');
  });

  it('uses the generic sentence without any message, and no code without an ErrorId', () => {
    expect(describeError(new ApiError(502, {}))).toEqual({
      title: 'Произошла непредвиденная ошибка',
      text: 'При выполнении операции произошла непредвиденная ошибка',
    });
  });

  it('uses the generic sentence for failures that are not API answers', () => {
    expect(describeError(new TypeError('Failed to fetch')).text).toBe(
      'При выполнении операции произошла непредвиденная ошибка',
    );
  });

  it('takes a screen-specific title', () => {
    expect(describeError(new ApiError(500, {}), 'При удалении произошла ошибка').title).toBe(
      'При удалении произошла ошибка',
    );
  });
});

describe('showErrorDialog', () => {
  it('says the details under the error’s text', () => {
    const error = new ApiError(400, {
      ErrorMessage: 'Проверьте правильность заполнения полей',
      ErrorId: 'e1',
    });
    showErrorDialog(error, {
      title: 'При сохранении данных произошла ошибка',
      details: ['Первое', 'Второе'],
    });
    expect(getErrorDialogState()).toEqual({
      isOpen: true,
      content: {
        title: 'При сохранении данных произошла ошибка',
        text: 'Проверьте правильность заполнения полей\nПервое\nВторое',
        errorId: 'e1',
      },
    });
    closeErrorDialog();
  });
});
