import { describe, expect, it } from 'vitest';
import { countRu, pluralRu } from './plural.js';

const days = ['день', 'дня', 'дней'] as const;

describe('pluralRu', () => {
  it.each([
    [0, 'дней'],
    [1, 'день'],
    [2, 'дня'],
    [4, 'дня'],
    [5, 'дней'],
    [11, 'дней'],
    [12, 'дней'],
    [14, 'дней'],
    [21, 'день'],
    [22, 'дня'],
    [25, 'дней'],
    [101, 'день'],
    [111, 'дней'],
    [-1, 'день'],
  ])('%i → %s', (n, form) => {
    expect(pluralRu(n, days)).toBe(form);
  });

  it('prefixes the number', () => {
    expect(countRu(3, days)).toBe('3 дня');
  });
});
