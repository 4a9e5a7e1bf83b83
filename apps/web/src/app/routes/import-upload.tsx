import { UnderConstruction } from '@/components/under-construction';

/** Operator's upload of a change file. */
export function ImportUploadRoute() {
  return <UnderConstruction title="Загрузка файла с изменениями" />;
}
