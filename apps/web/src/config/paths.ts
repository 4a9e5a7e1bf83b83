import type { DictionaryCode } from '@registry/shared';

/**
 * Every route of the app (docs/screens.md#routes), written once: `path` is the router pattern, `href` builds
 * a link. Optional trailing segments are left out of the link when not given.
 */

type Segment = string | number | null | undefined;

/** Joins path segments, encoding each and dropping the empty optional ones. */
function build(...segments: Segment[]): string {
  const parts = segments
    .filter(
      (segment): segment is string | number => segment !== null && segment !== undefined && segment !== '',
    )
    .map((segment) => encodeURIComponent(String(segment)));
  return `/${parts.join('/')}`;
}

export const paths = {
  login: { path: '/login/', href: () => '/login/' },
  main: { path: '/', href: () => '/' },
  interns: { path: '/interns', href: () => '/interns' },
  publicList: { path: '/public', href: () => '/public' },
  publicListShort: { path: '/pub', href: () => '/pub' },
  publicCard: {
    path: '/public/:id/:page?',
    href: (id: number, page?: string) => build('public', id, page),
  },
  internCard: {
    path: '/interns/:id/:page?',
    href: (id: number | 'new', page?: string) => build('interns', id, page),
  },
  office: { path: '/lk', href: () => '/lk' },
  imports: { path: '/imports/', href: () => '/imports/' },
  importUpload: { path: '/imports/upload', href: () => '/imports/upload' },
  importDetail: { path: '/imports/:id', href: (id: number) => build('imports', id) },
  importChange: {
    path: '/imports/:id/process/:change',
    href: (id: number, change: number) => build('imports', id, 'process', change),
  },
  importChangeAsNew: {
    path: '/imports/:id/process/:change/intern/new',
    href: (id: number, change: number) => build('imports', id, 'process', change, 'intern', 'new'),
  },
  importChangeForIntern: {
    path: '/imports/:id/process/:change/intern/:internId',
    href: (id: number, change: number, internId: number) =>
      build('imports', id, 'process', change, 'intern', internId),
  },
  importFile: {
    path: '/imports/:importId/files/:id',
    href: (importId: number, id: number) => build('imports', importId, 'files', id),
  },
  documents: { path: '/documents', href: () => '/documents' },
  stats: { path: '/stats', href: () => '/stats' },
  audit: { path: '/audit', href: () => '/audit' },
  operators: { path: '/operators/:query?', href: (query?: string) => build('operators', query) },
  organizations: {
    path: '/dictionaries/organizations/:query?',
    href: (query?: string) => build('dictionaries', 'organizations', query),
  },
  schools: {
    path: '/dictionaries/schools/:query?',
    href: (query?: string) => build('dictionaries', 'schools', query),
  },
  dictionary: {
    path: '/dictionaries/:code/:query?',
    href: (code: DictionaryCode, query?: string) => build('dictionaries', code, query),
  },
  test: { path: '/test', href: () => '/test' },
} as const;
