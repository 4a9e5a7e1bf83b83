// The probes of scripts/check-lint-zones.mjs: for each boundary of eslint.config.js, a file written `in` a
// folder that `imports` one path, and the rule that must refuse it with a part of the zone's message
// (`refusedBy`), or none when the import is one the boundary lets through.
const server = 'apps/server/src';
const modules = `${server}/modules`;
const intern = `${modules}/intern`;
const imports = `${modules}/imports`;
const features = 'apps/web/src/features';

const restricted = (says) => ['import-x/no-restricted-paths', says];

export const probes = [
  // Across server modules only through a service.
  {
    in: `${modules}/audit`,
    imports: '../school/school.repository.js',
    refusedBy: restricted('through its service'),
  },
  { in: `${modules}/audit`, imports: '../school/school.service.js' },
  // A module is handed its settings.
  { in: `${modules}/school`, imports: '../../config.js', refusedBy: restricted('A module is handed') },
  { in: `${modules}/school`, imports: '../../lib/app-error.js' },
  // Storage knows nothing of the application, at any depth of db/.
  { in: `${server}/db`, imports: '../seed/generate.js', refusedBy: restricted('Storage knows nothing') },
  {
    in: `${server}/db/schema`,
    imports: '../../modules/school/school.service.js',
    refusedBy: restricted('Storage knows nothing'),
  },
  { in: `${server}/db/schema`, imports: './accounts.js' },
  // Inside intern/: the card, search, matching and stats beside one another, and the top above them.
  { in: `${intern}/search`, imports: '../card/intern-save.js', refusedBy: restricted('An area of intern/') },
  { in: `${intern}/search`, imports: '../card/registration-numbers.js' },
  {
    in: `${intern}/stats`,
    imports: '../search/intern-search-filter.js',
    refusedBy: restricted('An area of intern/'),
  },
  { in: `${intern}/stats`, imports: './intern-stats.repository.js' },
  {
    in: `${intern}/matching`,
    imports: '../card/intern-card.repository.js',
    refusedBy: restricted('An area of intern/'),
  },
  {
    in: `${intern}/card`,
    imports: '../search/intern-search-queries.js',
    refusedBy: restricted('An area of intern/'),
  },
  { in: `${intern}/card`, imports: '../intern.service.js', refusedBy: restricted('An area of intern/') },
  { in: `${intern}/card`, imports: './intern-rules.js' },
  // Nothing outside intern/ reaches into its sub-folders; a test may.
  {
    in: server,
    imports: './modules/intern/card/intern-card.repository.js',
    refusedBy: restricted('Reach intern/'),
  },
  {
    in: `${server}/seed`,
    imports: '../modules/intern/search/intern-search.service.js',
    refusedBy: restricted('Reach intern/'),
  },
  {
    in: `${modules}/stats`,
    imports: '../intern/stats/intern-stats.service.js',
    refusedBy: restricted('Reach intern/'),
  },
  { in: server, imports: './modules/intern/intern.module.js' },
  { in: `${modules}/stats`, imports: '../intern/intern.service.js' },
  { in: `${modules}/stats`, ext: '.test.ts', imports: '../intern/stats/intern-stats.service.js' },
  // Nothing outside imports/ reaches into its sub-folders; a test or a fixture (a change file made by code) may.
  {
    in: server,
    imports: './modules/imports/review/review.service.js',
    refusedBy: restricted('Reach imports/'),
  },
  {
    in: `${modules}/stats`,
    imports: '../imports/upload/imports-upload.service.js',
    refusedBy: restricted('Reach imports/'),
  },
  {
    in: `${server}/seed`,
    imports: '../modules/imports/rows/change-file-columns.js',
    refusedBy: restricted('Reach imports/'),
  },
  { in: server, imports: './modules/imports/imports.module.js' },
  { in: `${modules}/stats`, imports: '../imports/import-stats.service.js' },
  { in: `${server}/fixtures`, imports: '../modules/imports/rows/change-file-columns.js' },
  { in: `${server}/test`, imports: '../modules/imports/store/imports-store.js' },
  // A change file's steps go one way: rows/ ← reader/ ← store/ ← upload/, review/, mail/.
  {
    in: `${imports}/rows`,
    imports: '../reader/change-file-reader.js',
    refusedBy: restricted('imports/rows/'),
  },
  { in: `${imports}/rows`, imports: '../../../db/client.js', refusedBy: restricted('imports/rows/') },
  { in: `${imports}/rows`, imports: './change-file-columns.js' },
  { in: `${imports}/reader`, imports: '../store/imports-store.js', refusedBy: restricted('imports/reader/') },
  {
    in: `${imports}/reader/formats`,
    imports: '../../../../db/schema/index.js',
    refusedBy: restricted('imports/reader/'),
  },
  { in: `${imports}/reader`, imports: '../rows/change-file-messages.js' },
  { in: `${imports}/store`, imports: '../review/merge.js', refusedBy: restricted('imports/store/') },
  {
    in: `${imports}/store`,
    imports: '../upload/imports-upload.service.js',
    refusedBy: restricted('imports/store/'),
  },
  { in: `${imports}/store`, imports: '../reader/change-file-worker.js' },
  // The server and the web speak only through @registry/shared.
  { in: `${server}/lib`, imports: '@registry/web', refusedBy: ['no-restricted-imports', '@registry/web'] },
  // A web feature never imports another feature, by a relative path or by the alias.
  {
    in: `${features}/stats`,
    imports: '../audit/api/search-audit',
    refusedBy: restricted('never another feature'),
  },
  {
    in: `${features}/stats`,
    imports: '@/features/audit/api/search-audit',
    refusedBy: ['no-restricted-imports', 'never another feature'],
  },
  { in: `${features}/stats`, imports: '@/lib/download' },
  // Shared web code never uses a feature.
  {
    in: 'apps/web/src/lib',
    imports: '../features/audit/api/search-audit',
    refusedBy: restricted('Shared web code is used by features'),
  },
  { in: 'apps/web/src/lib', imports: './download' },
  // The shared contract depends on nothing of the apps.
  {
    in: 'packages/shared/src',
    imports: '../../../apps/server/src/config.js',
    refusedBy: restricted('The shared contract depends on nothing'),
  },
  { in: 'packages/shared/src', imports: './labels.js' },
];
