import { DocumentsScreen } from '@/features/documents/components/documents-screen';

/** Search over basis documents (change protocols) and the changes made on each (SPEC.md §2 Documents). */
export function DocumentsRoute() {
  return <DocumentsScreen />;
}
