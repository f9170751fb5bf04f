// @ts-check
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import checkFile from 'eslint-plugin-check-file';
import jestDom from 'eslint-plugin-jest-dom';
import playwright from 'eslint-plugin-playwright';
import testingLibrary from 'eslint-plugin-testing-library';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Module boundaries (see docs/architecture.md): features never import each other or the app; shared code
 * never imports features; web code never imports the gateway or the simulator; the simulator never imports
 * the gateway; nothing outside tests imports src/testing; ky is used only by src/lib/api-client.ts.
 * Cross-folder imports use the `@/` alias, so the rules can see them.
 */
const restrict = (patterns) => ['error', { patterns }];
const noDeepRelative = { group: ['../../*'], message: 'Import across folders with the @/ alias.' };
const noTesting = { group: ['@/testing/*'], message: 'Test helpers stay out of shipped code.' };
const noServerSide = {
  group: ['@/server/*', '@/simulator/*'],
  message: 'Web code never imports Node-only code.',
};
const noKy = { group: ['ky'], message: 'Use the one HTTP client in src/lib/api-client.ts.' };
const noFeatures = { group: ['@/features/*', '@/app/*'], message: 'Shared code stays generic.' };

/** Every folder of src/features is a feature: a new one is bounded the moment it exists. */
const featureNames = readdirSync(path.join(import.meta.dirname, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ['dist', 'dist-*', 'node_modules', 'reports', 'test-results', 'playwright-report', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['eslint.config.js', 'scripts/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/only-throw-error': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  ...pluginQuery.configs['flat/recommended'],
  {
    // One query-options factory per feature: hooks take `queries.x()` options, never an inline key and fn.
    files: ['src/**/*.{ts,tsx}'],
    rules: { '@tanstack/query/prefer-query-options': 'error' },
  },
  {
    // File and folder names in kebab-case (suffixes such as `.test`, `.isolated.test`, `.spec` allowed).
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.ts', 'scripts/**/*.{ts,mjs}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,mjs}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '{src,tests,scripts}/**/': 'KEBAB_CASE' }],
    },
  },
  {
    // The gateway and the simulator stay readable in parts: no function over 150 lines (the composition root in
    // src/server/gateway/ lists areas instead of growing one function).
    files: ['src/server/**/*.ts', 'src/simulator/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Component tests query as a user would (roles and labels) and assert with jest-dom's matchers.
    files: ['src/**/*.test.tsx'],
    ...testingLibrary.configs['flat/react'],
  },
  { files: ['src/**/*.test.{ts,tsx}'], ...jestDom.configs['flat/recommended'] },
  {
    files: ['tests/e2e/**/*.ts'],
    ...playwright.configs['flat/recommended'],
    settings: { playwright: { globalAliases: { test: ['test'] } } },
    rules: {
      ...playwright.configs['flat/recommended'].rules,
      // Helpers that assert (axe, phones' in-view checks) count as assertions.
      'playwright/expect-expect': [
        'warn',
        { assertFunctionNames: ['expectAccessible', 'check', 'expectInView', 'expectNoSidewaysScroll'] },
      ],
    },
  },
  {
    // The author grid virtualises its rows (src/components/virtual-grid): which cell has focus and what a row's cell holds
    // are read from the grid's own attributes, which Testing Library's queries do not reach.
    files: ['src/features/imports/components/author-editor.isolated.test.tsx'],
    rules: { 'testing-library/no-node-access': 'off' },
  },
  {
    // No import cycles anywhere (modules in a cycle see each other half-initialised).
    files: ['src/**/*.{ts,tsx}', 'scripts/**/*.ts', 'tests/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/testing/**', 'src/lib/api-client.ts'],
    rules: { 'no-restricted-imports': restrict([noDeepRelative, noTesting, noKy]) },
  },
  {
    files: ['src/{app,features,components,hooks,lib,main.tsx}/**/*.{ts,tsx}', 'src/main.tsx'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/lib/api-client.ts'],
    rules: { 'no-restricted-imports': restrict([noDeepRelative, noTesting, noServerSide, noKy]) },
  },
  {
    files: ['src/lib/api-client.ts'],
    rules: { 'no-restricted-imports': restrict([noDeepRelative, noTesting, noServerSide, noFeatures]) },
  },
  {
    files: ['src/{components,hooks,lib}/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/lib/api-client.ts'],
    rules: { 'no-restricted-imports': restrict([noDeepRelative, noTesting, noServerSide, noKy, noFeatures]) },
  },
  // src/contracts is the leaf every side reads (SPA, gateway, simulator): it imports nothing outside itself,
  // not even a package, so knowing GitHub never drags in a side's code.
  {
    files: ['src/contracts/**/*.ts'],
    ignores: ['src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\.{1,2}/|@/contracts/)',
              message: 'src/contracts imports nothing outside itself.',
            },
            { regex: '^\\.\\./\\.\\./', message: 'src/contracts imports nothing outside itself.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/contracts/*.ts'],
    ignores: ['src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(?!\\./|@/contracts/)', message: 'src/contracts imports nothing outside itself.' },
          ],
        },
      ],
    },
  },
  ...featureNames.map((name) => ({
    files: [`src/features/${name}/**/*.{ts,tsx}`],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict([
        noDeepRelative,
        noTesting,
        noServerSide,
        noKy,
        {
          group: [
            '@/app/*',
            ...featureNames.filter((other) => other !== name).map((other) => `@/features/${other}/*`),
          ],
          message: 'Features are independent; compose them in src/app.',
        },
      ]),
    },
  })),
  {
    files: ['src/simulator/**/*.ts'],
    ignores: ['src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': restrict([
        noDeepRelative,
        noTesting,
        {
          group: [
            '@/server/*',
            '@/app/*',
            '@/features/*',
            '@/components/*',
            '@/hooks/*',
            'react',
            'react-dom',
          ],
          message: 'The simulator is Node-only and never imports the gateway.',
        },
      ]),
    },
  },
  {
    files: ['src/server/**/*.ts'],
    ignores: ['src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': restrict([
        noDeepRelative,
        noTesting,
        {
          group: ['@/app/*', '@/features/*', '@/components/*', '@/hooks/*', 'react', 'react-dom'],
          message: 'The gateway is Node-only: no React or DOM.',
        },
      ]),
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.ts', 'src/testing/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // The browser-side tests share one module graph per worker (vite.config.ts, `isolate: false`): a module
    // mock there would leak into the files that run after it.
    files: ['src/**/*.test.{ts,tsx}'],
    ignores: ['src/**/*.isolated.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|hoisted)$/]",
          message: 'Module mocks need their own module graph: name the file *.isolated.test.tsx.',
        },
      ],
    },
  },
  { files: ['**/*.{js,mjs}'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['scripts/**/*.mjs'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly' },
    },
  },
);
