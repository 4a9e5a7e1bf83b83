import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const subfolders = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const serverModules = subfolders('./apps/server/src/modules/');
const webFeatures = subfolders('./apps/web/src/features/');
const internAreas = subfolders('./apps/server/src/modules/intern/');

/** Every other one of `names`, as paths under `root` matched by `glob`. */
const others = (names, name, root, glob) =>
  names.filter((other) => other !== name).map((other) => `${root}/${other}/${glob}`);

/**
 * A module's sub-folders are its own: the rest of the server goes in through the files at its top (its face and
 * services). Tests are exempt, as a test may reach whatever it checks, and so are the fixtures: change files
 * made by code, written in the reader's own columns.
 */
const privateSubfolders = (module) => ({
  target: [
    './apps/server/src/!(*.test).ts',
    './apps/server/src/!(modules|test|fixtures)/**/!(*.test).ts',
    `./apps/server/src/modules/!(${module})/**/!(*.test).ts`,
  ],
  from: `./apps/server/src/modules/${module}/*/**`,
  message: `Reach ${module}/ through the files at its top (${module}.module.ts, *.service.ts), never its sub-folders.`,
});

const importsFolders = (folders) => folders.map((folder) => `./apps/server/src/modules/imports/${folder}/**`);

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      // Local scratch folders (benchmarks' and browser tests' data), ignored by git too.
      '**/.tmp/**',
      'apps/server/.migrations-check-*/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    // Features own their folders: a feature imports shared code, never another feature.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/**', '@/app/**'],
              message:
                'A feature imports shared code (@/components, @/lib, @/config) and its own files, never another feature or the app shell.',
            },
          ],
        },
      ],
    },
  },
  {
    // The server must not reach into the web app and vice versa; both speak through @registry/shared.
    files: ['apps/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/apps/web/**', '@registry/web'] }] },
  },
  {
    // Where the code lives says what it may use: the boundaries below are checked on resolved paths, so a
    // relative path cannot slip past them; and no two files may import each other, however indirectly.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // The cycle check reads the imported files too: with TypeScript's parser, or it sees nothing in them.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: [
            'apps/server/tsconfig.json',
            'apps/web/tsconfig.json',
            'packages/shared/tsconfig.json',
            'e2e/tsconfig.json',
            'bench/tsconfig.json',
          ],
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // A server module reaches another only through its service: never its repository, routes or parts.
            ...serverModules.map((module) => ({
              target: `./apps/server/src/modules/${module}/**/!(*.test).ts`,
              from: others(serverModules, module, './apps/server/src/modules', '**/!(*.service).ts'),
              message: 'Reach another module through its service (*.service.ts), nothing else of it.',
            })),
            {
              target: './apps/server/src/db/**/!(*.test).ts',
              from: ['./apps/server/src/modules', './apps/server/src/seed', './apps/server/src/plugins'],
              message:
                'Storage knows nothing of the application: db/ never imports modules, the seed or plugins.',
            },
            // Inside intern/, the card, search, matching and stats sit side by side under the module's top
            // (intern.service.ts, the routes, the journal, the face), which uses them: none reaches up, or into
            // another, except that the lists show a trainee's registration numbers as the card does.
            ...internAreas.map((area) => ({
              target: `./apps/server/src/modules/intern/${area}/**/!(*.test).ts`,
              from: [
                './apps/server/src/modules/intern/*.ts',
                ...others(
                  internAreas,
                  area,
                  './apps/server/src/modules/intern',
                  '**/!(registration-numbers).ts',
                ),
              ],
              message:
                'An area of intern/ uses no other area (but card/registration-numbers.ts) and nothing of the top of intern/.',
            })),
            privateSubfolders('intern'),
            privateSubfolders('imports'),
            // A change file's steps go one way: rows/ (the columns, cells, messages and packed rows that every
            // step shares) ← reader/ ← store/ ← upload/, review/ and mail/; below the store, no database.
            {
              target: './apps/server/src/modules/imports/rows/**/!(*.test).ts',
              from: [
                ...importsFolders(['reader', 'store', 'review', 'upload', 'mail']),
                './apps/server/src/db/**',
              ],
              message:
                'imports/rows/ is the ground floor: nothing of reader/, store/, review/, upload/, mail/ or db/.',
            },
            {
              target: './apps/server/src/modules/imports/reader/**/!(*.test).ts',
              from: [...importsFolders(['store', 'review', 'upload', 'mail']), './apps/server/src/db/**'],
              message:
                'imports/reader/ turns bytes into rows: nothing of store/, review/, upload/, mail/ or db/.',
            },
            {
              target: './apps/server/src/modules/imports/store/**/!(*.test).ts',
              from: importsFolders(['review', 'upload']),
              message: 'imports/store/ keeps what was read: nothing of review/ or upload/.',
            },
            {
              target: './apps/server/src/modules/**/!(*.test).ts',
              from: ['./apps/server/src/plugins', './apps/server/src/config.ts', './apps/server/src/app.ts'],
              message:
                'A module is handed what it needs (its own settings, its services) by the composition root, api.ts.',
            },
            // A web feature never imports another feature, by any path.
            ...webFeatures.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: others(webFeatures, feature, './apps/web/src/features', '**'),
              message: 'A feature imports shared code and its own files, never another feature.',
            })),
            {
              target: ['./apps/web/src/components', './apps/web/src/lib', './apps/web/src/config'],
              from: './apps/web/src/features',
              message: 'Shared web code is used by features, never the other way round.',
            },
            {
              target: './packages/shared/src',
              from: ['./apps', './e2e', './bench'],
              message: 'The shared contract depends on nothing of the apps.',
            },
          ],
        },
      ],
    },
  },
  {
    // A promise nobody awaits inside a transaction lets it commit without the write: the server's code is
    // linted with its types for that (tests are not in the project's tsconfig and need not be).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/server/src/test/**'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
    },
  },
  {
    // A promise the web drops hides its failure: each one is awaited, or marked `void` where it handles its
    // own errors (a navigation, a cache refresh, a handler that shows its error); a JSX handler that starts
    // one is written `(event) => void work(event)`.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // Small units: a file says one thing, a function does one. Tests, benchmarks, fixtures and generated
    // files are exempt: a test reads best as the story it tells.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/src/test/**', 'apps/web/src/test/**'],
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }],
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: false, skipComments: false }],
    },
  },
);
