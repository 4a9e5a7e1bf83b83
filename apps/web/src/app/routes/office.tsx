import { ImportList } from '@/features/imports/components/import-list';

/** An SRO representative's office (/lk, and their main page): the upload of change files and their imports. */
export function OfficeRoute() {
  return <ImportList reading="organization" />;
}
