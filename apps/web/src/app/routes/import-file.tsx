import { useParams } from 'react-router';
import { IdSchema } from '@registry/shared';
import { FileViewer } from '@/features/imports/components/file-viewer';
import { NotFoundRoute } from './not-found';

/** An import's file: PDF inline, other types a notice (docs/screens.md#file-viewer). */
export function ImportFileRoute() {
  const params = useParams();
  const importId = IdSchema.safeParse(params.importId);
  const fileId = IdSchema.safeParse(params.id);
  if (!importId.success || !fileId.success) return <NotFoundRoute />;
  return <FileViewer importId={importId.data} fileId={fileId.data} />;
}
