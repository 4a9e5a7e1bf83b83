import { AuditScreen } from '@/features/audit/components/audit-screen';

/** The audit journal of personal-data access, for operators. */
export function AuditRoute() {
  return <AuditScreen />;
}
