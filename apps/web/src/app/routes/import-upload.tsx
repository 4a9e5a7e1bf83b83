import { ImportList } from '@/features/imports/components/import-list';

/** An operator's upload of a change file: the import list with the upload dialog open over it. */
export function ImportUploadRoute() {
  return <ImportList reading="operator" isUploadOpen />;
}
