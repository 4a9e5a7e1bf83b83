import { DocumentsScreen } from '@/features/documents/components/documents-screen';

/**
 * Search over basis documents (change protocols) and the changes made on each (docs/screens.md#documents).
 */
export function DocumentsRoute() {
  return <DocumentsScreen />;
}
