import { describe, expect, it } from 'vitest';
import { AuditAction } from '../enums/audit-actions.js';
import { AuditEventSchema, AuditQuerySchema, auditCursor } from './audit.js';

describe('the audit journal query', () => {
  it('reads the filters from a query string, empty ones as any', () => {
    expect(
      AuditQuerySchema.parse({ account: '7', action: '10', org: '', from: '2026-01-01', to: '2026-01-31' }),
    ).toEqual({
      account: 7,
      action: AuditAction.CardOpened,
      org: undefined,
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(AuditQuerySchema.parse({})).toEqual({ account: undefined, action: undefined, org: undefined });
  });

  it('refuses an unknown action, a reversed period and a malformed cursor', () => {
    expect(AuditQuerySchema.safeParse({ action: '999' }).success).toBe(false);
    expect(AuditQuerySchema.safeParse({ from: '2026-02-01', to: '2026-01-01' }).success).toBe(false);
    for (const before of ['abc', '1_0', '_1', '1_2_3', '1.5_2'])
      expect(AuditQuerySchema.safeParse({ before }).success, before).toBe(false);
  });

  it('reads back the cursor it writes: the last event’s time to the millisecond and its id', () => {
    const event = { At: '2026-11-26T12:34:56.789Z', Id: 42 };
    const parsed = AuditQuerySchema.parse({ before: auditCursor(event) });
    expect(parsed.before).toEqual({ at: new Date(event.At), id: 42 });
  });

  it('takes a role by its code', () => {
    const event = {
      Id: 1,
      At: '2026-11-26T12:34:56.789Z',
      Account: null,
      Role: 1,
      Organization: null,
      Action: AuditAction.SignInFailed,
      Object: null,
      Protocol: null,
      Address: '127.0.0.1',
      Detail: { Login: 'someone@example.org' },
    };
    expect(AuditEventSchema.parse(event)).toEqual(event);
    expect(AuditEventSchema.safeParse({ ...event, Role: 5 }).success).toBe(false);
  });
});
