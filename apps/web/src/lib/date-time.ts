import { formatDateTime } from '@registry/shared';

/** The zone the registry works in: every time is shown in it (docs/screens.md#formats-and-constants). */
const registryZone = 'Europe/Moscow';

/** How a time says it is Moscow's. */
export const registryZoneLabel = 'МСК';

/** The viewer's own zone, as the browser says it. */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * A moment as 'yyyy.MM.dd HH:mm' in Moscow time, with ' МСК' after it when the viewer's clock would say
 * another time (their zone is not Moscow's), so that nobody reads Moscow time as their own. Every screen
 * that shows a date-time shows it through this.
 */
export function formatRegistryDateTime(
  value: string | Date | null | undefined,
  viewerZone: string = viewerTimeZone(),
): string {
  const text = formatDateTime(value, registryZone);
  if (!text) return text;
  return formatDateTime(value, viewerZone) === text ? text : `${text} ${registryZoneLabel}`;
}
