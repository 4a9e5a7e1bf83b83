import { UnderConstruction } from '@/components/under-construction';

/** An import's file: PDF inline, other types a notice. */
export function ImportFileRoute() {
  return <UnderConstruction title="Просмотр файла" />;
}
