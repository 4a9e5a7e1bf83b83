import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { AppLayout } from './layout/app-layout';
import { RequireAccess } from './require-access';
import type { RouteRequirement } from './route-access';
import { DictionaryRoute } from './routes/dictionary';
import { DocumentsRoute } from './routes/documents';
import { ImportChangeRoute } from './routes/import-change';
import { ImportChangeAsNewRoute } from './routes/import-change-as-new';
import { ImportChangeForInternRoute } from './routes/import-change-for-intern';
import { ImportDetailRoute } from './routes/import-detail';
import { ImportFileRoute } from './routes/import-file';
import { ImportListRoute } from './routes/import-list';
import { ImportUploadRoute } from './routes/import-upload';
import { InternCardRoute } from './routes/intern-card';
import { LoginRoute } from './routes/login';
import { MainRoute } from './routes/main';
import { NotFoundRoute } from './routes/not-found';
import { OfficeRoute } from './routes/office';
import { OperatorsRoute } from './routes/operators';
import { OrganizationsRoute } from './routes/organizations';
import { PublicCardRoute } from './routes/public-card';
import { PublicListRoute } from './routes/public-list';
import { RouteErrorRoute } from './routes/route-error';
import { SchoolsRoute } from './routes/schools';
import { StatsRoute } from './routes/stats';
import { TestRoute } from './routes/test';

/** Groups routes under one access requirement (SPEC.md §2 routes, §6 roles). */
function guarded(requirement: RouteRequirement, children: RouteObject[]): RouteObject {
  return { element: <RequireAccess requirement={requirement} />, children };
}

/** The whole route table of SPEC.md §2; the paths come from config/paths.ts. */
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
