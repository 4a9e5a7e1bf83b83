import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { AppLayout } from './layout/app-layout';
import { RequireAccess } from './require-access';
import type { RouteRequirement } from './route-access';
import { lazyScreen } from './routes/lazy-screen';
import { MainRoute } from './routes/main';
import { NotFoundRoute } from './routes/not-found';
import { PublicCardRoute } from './routes/public-card';
import { PublicListRoute } from './routes/public-list';
import { RouteErrorRoute } from './routes/route-error';
import { TestRoute } from './routes/test';

// Only the public list and card are in the entry bundle; login (its form library) and the members', SRO's and
// operators' screens load on first visit (docs/benchmarks.md, «First load»), so the public registry does not
// download the card editor, the imports or the date pickers.
const AuditRoute = lazyScreen(() => import('./routes/audit'), 'AuditRoute');
const DictionaryRoute = lazyScreen(() => import('./routes/dictionary'), 'DictionaryRoute');
const DocumentsRoute = lazyScreen(() => import('./routes/documents'), 'DocumentsRoute');
const ImportChangeRoute = lazyScreen(() => import('./routes/import-change'), 'ImportChangeRoute');
const ImportChangeAsNewRoute = lazyScreen(
  () => import('./routes/import-change-as-new'),
  'ImportChangeAsNewRoute',
);
const ImportChangeForInternRoute = lazyScreen(
  () => import('./routes/import-change-for-intern'),
  'ImportChangeForInternRoute',
);
const ImportDetailRoute = lazyScreen(() => import('./routes/import-detail'), 'ImportDetailRoute');
const ImportFileRoute = lazyScreen(() => import('./routes/import-file'), 'ImportFileRoute');
const ImportListRoute = lazyScreen(() => import('./routes/import-list'), 'ImportListRoute');
const ImportUploadRoute = lazyScreen(() => import('./routes/import-upload'), 'ImportUploadRoute');
const InternCardRoute = lazyScreen(() => import('./routes/intern-card'), 'InternCardRoute');
const LoginRoute = lazyScreen(() => import('./routes/login'), 'LoginRoute');
const OfficeRoute = lazyScreen(() => import('./routes/office'), 'OfficeRoute');
const OperatorsRoute = lazyScreen(() => import('./routes/operators'), 'OperatorsRoute');
const OrganizationsRoute = lazyScreen(() => import('./routes/organizations'), 'OrganizationsRoute');
const SchoolsRoute = lazyScreen(() => import('./routes/schools'), 'SchoolsRoute');
const StatsRoute = lazyScreen(() => import('./routes/stats'), 'StatsRoute');

/** Groups routes under one access requirement (docs/screens.md#who-may-open-a-route). */
function guarded(requirement: RouteRequirement, children: RouteObject[]): RouteObject {
  return { element: <RequireAccess requirement={requirement} />, children };
}

/** The whole route table (docs/screens.md#routes); the paths come from config/paths.ts. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteErrorRoute />,
    children: [
      guarded('anyone', [
        { path: paths.main.path, element: <MainRoute /> },
        { path: paths.publicList.path, element: <PublicListRoute /> },
        { path: paths.publicListShort.path, element: <PublicListRoute /> },
        { path: paths.publicCard.path, element: <PublicCardRoute /> },
        { path: paths.test.path, element: <TestRoute /> },
        { path: '*', element: <NotFoundRoute /> },
      ]),
      guarded('guest', [{ path: paths.login.path, element: <LoginRoute /> }]),
      guarded('member', [
        { path: paths.interns.path, element: <MainRoute /> },
        { path: paths.imports.path, element: <ImportListRoute /> },
        { path: paths.importDetail.path, element: <ImportDetailRoute /> },
        { path: paths.importFile.path, element: <ImportFileRoute /> },
      ]),
      guarded('organization', [{ path: paths.office.path, element: <OfficeRoute /> }]),
      guarded('operator', [
        { path: paths.internCard.path, element: <InternCardRoute /> },
        { path: paths.importUpload.path, element: <ImportUploadRoute /> },
        { path: paths.importChange.path, element: <ImportChangeRoute /> },
        { path: paths.importChangeAsNew.path, element: <ImportChangeAsNewRoute /> },
        { path: paths.importChangeForIntern.path, element: <ImportChangeForInternRoute /> },
        { path: paths.documents.path, element: <DocumentsRoute /> },
        { path: paths.stats.path, element: <StatsRoute /> },
        { path: paths.audit.path, element: <AuditRoute /> },
        { path: paths.operators.path, element: <OperatorsRoute /> },
        { path: paths.organizations.path, element: <OrganizationsRoute /> },
        { path: paths.schools.path, element: <SchoolsRoute /> },
        { path: paths.dictionary.path, element: <DictionaryRoute /> },
      ]),
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
