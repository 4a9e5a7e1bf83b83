import { describe, expect, it } from 'vitest';
import { describeSaveProblem } from './save-intern';

describe('describeSaveProblem', () => {
  it('names the section, the entry and the field of a refused value', () => {
    expect(describeSaveProblem('«Intern.PersonalInfo.0.Snils»: Неверная контрольная сумма СНИЛС')).toBe(
      'Персональные данные, запись 1, СНИЛС: Неверная контрольная сумма СНИЛС',
    );
    expect(describeSaveProblem('«Intern.Supervisors.2.Contacts.EmailAddress»: Неверный адрес')).toBe(
      'Руководитель стажировки, запись 3, Адрес электронной почты: Неверный адрес',
    );
  });

  it('keeps any other line as the server wrote it', () => {
    expect(describeSaveProblem('«Protocol.number»: Данное поле обязательно для заполнения')).toBe(
      '«Protocol.number»: Данное поле обязательно для заполнения',
    );
    expect(describeSaveProblem('Запись 9 не найдена')).toBe('Запись 9 не найдена');
  });
});
