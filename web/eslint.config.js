// The web app's lint (make web-test runs it; 0 warnings allowed): typescript-eslint's
// strict type-checked rules, the rules of hooks, jsx-a11y, and the import zones of the
// code tour: shared code (components, lib, config, types, styles, testing) imports only
// shared code, a feature imports shared code and itself, the app composes both, and no
// feature reaches into another.
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'node_modules', 'public', 'test-results', 'playwright-report'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.strictTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.strict],
    plugins: { boundaries },
    settings: {
      'boundaries/include': ['src/**/*'],
      'boundaries/elements': [
        { type: 'app', pattern: 'src/app', partialMatch: false },
        { type: 'feature', pattern: 'src/features/*', capture: ['area'], partialMatch: false },
        {
          type: 'shared',
          pattern: ['src/components', 'src/lib', 'src/config', 'src/types', 'src/styles', 'src/testing'],
          partialMatch: false,
        },
      ],
      // The entries are files beside the folders, not a folder of their own: the browser's,
      // the server render's and the service worker's.
      'boundaries/files': [
        { category: 'entry', pattern: ['src/main.tsx', 'src/entry-server.tsx', 'src/sw.ts', 'src/*.test.{ts,tsx}'] },
      ],
      'import/resolver': { typescript: { project: './tsconfig.app.json' } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            { from: { element: { type: 'shared' } }, allow: { to: { element: { type: 'shared' } } } },
            {
              from: { element: { type: 'feature' } },
              allow: [
                { to: { element: { type: 'shared' } } },
                { to: { element: { type: 'feature', captured: { area: '{{ from.element.captured.area }}' } } } },
              ],
            },
            { from: { element: { type: 'app' } }, allow: { to: { element: { type: ['shared', 'feature', 'app'] } } } },
            { from: { file: { categories: 'entry' } }, allow: [{ to: { element: { type: '*' } } }, { to: { file: { categories: 'entry' } } }] },
          ],
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.mjs', 'scripts/**/*.mjs', '*.js'],
    extends: [js.configs.recommended],
    languageOptions: { globals: { ...globals.node } },
  },
);
