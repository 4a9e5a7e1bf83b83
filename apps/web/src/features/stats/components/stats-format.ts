import { formatDate, statsColumns, type StatsResult } from '@registry/shared';

/** A figure of the table: the SROs' rows and the totals row have them all. */
export type FigureKey = (typeof statsColumns)[number][0];
export type StatsColumn = { key: FigureKey; header: string };

const registerKeys: readonly FigureKey[] = ['Accepted', 'Paused', 'Terminated', 'Completed', 'Migrated'];

const toColumn = ([key, header]: (typeof statsColumns)[number]): StatsColumn => ({ key, header });

/**
 * The register's figures (docs/statistics.md#the-registers-figures): accepted, paused, terminated, completed,
 * moved to another SRO.
 */
export const registerColumns: StatsColumn[] = statsColumns
  .filter(([key]) => registerKeys.includes(key))
  .map(toColumn);

/** The reviewers' figures (docs/statistics.md): the change files received in the period and their fate. */
export const reviewColumns: StatsColumn[] = statsColumns
  .filter(([key]) => !registerKeys.includes(key))
  .map(toColumn);

export const noValue = '—';
export const allSrosText = 'все СРО';

const hoursFormat = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A figure as the table shows it: hours with one decimal, '—' when there is no median to tell. */
export function formatFigure(key: FigureKey, value: number | null): string {
  if (value === null) return noValue;
  return key === 'MedianHandlingHours' ? hoursFormat.format(value) : String(value);
}

/**
 * The table's caption: its period (yyyy.MM.dd, docs/register-rules.md#how-values-are-written-and-shown) and
 * the SRO, or all of them.
 */
export function statsCaption(result: StatsResult): string {
  const sro = result.Organization ? `СРО: ${result.Organization.Name}` : allSrosText;
  return `Статистика за период с ${formatDate(result.From)} по ${formatDate(result.To)}, ${sro}`;
}
