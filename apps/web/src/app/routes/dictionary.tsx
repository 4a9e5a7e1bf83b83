import { useParams } from 'react-router';
import { UnderConstruction } from '@/components/under-construction';
import type { DictionaryCode } from '@/config/paths';
import { NotFoundRoute } from './not-found';

const dictionaryTitles: Record<DictionaryCode, string> = {
  organizations: 'СРО',
  schools: 'Учебные заведения',
  addresses: 'Адреса',
  'termination-reasons': 'Основания прекращения стажировки',
};

function isDictionaryCode(code: string | undefined): code is DictionaryCode {
  return code !== undefined && Object.hasOwn(dictionaryTitles, code);
}

/** A simple dictionary (code and value) such as addresses or termination reasons. */
export function DictionaryRoute() {
  const { code } = useParams();
  if (!isDictionaryCode(code)) return <NotFoundRoute />;
  return <UnderConstruction title={dictionaryTitles[code]} />;
}
