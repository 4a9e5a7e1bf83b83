import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatRegistryDateTime } from './date-time';

const moment = '2026-11-21T09:30:00Z';

/** The browser's zone as `zone` says, for the helper's default. */
function fakeZone(zone: string) {
  vi.restoreAllMocks();
  const real = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...real.call(this), timeZone: zone };
  });
}

afterEach(() => vi.restoreAllMocks());

describe('formatRegistryDateTime', () => {
  it('shows Moscow time bare to a viewer in Moscow or a zone of the same time', () => {
    fakeZone('Europe/Moscow');
    expect(formatRegistryDateTime(moment)).toBe('2026.11.21 12:30');
    fakeZone('Europe/Simferopol');
    expect(formatRegistryDateTime(moment)).toBe('2026.11.21 12:30');
  });

  it('names the zone to a viewer elsewhere', () => {
    fakeZone('Asia/Novosibirsk');
    expect(formatRegistryDateTime(moment)).toBe('2026.11.21 12:30 МСК');
    expect(formatRegistryDateTime(moment, 'UTC')).toBe('2026.11.21 12:30 МСК');
  });

  it('shows nothing for no time', () => {
    fakeZone('UTC');
    expect(formatRegistryDateTime(null)).toBe('');
    expect(formatRegistryDateTime('not a time')).toBe('');
  });
});
