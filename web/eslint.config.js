// The web app's lint (make web-test runs it; 0 warnings allowed): typescript-eslint's
// strict type-checked rules, the rules of hooks, jsx-a11y, and the import zones of the
// code tour. Code flows shared -> features -> app, and within the shared code from the
// plain facts up to the UI:
//   config, types      paths, settings, the gateway's JSON: import only each other;
//   rules              the spec's pure rules: and config;
//   lib                infrastructure (API client, cookies, script loading, hydration...): and rules;
//   api                what every page fetches (the app data): and lib;
//   state              app-wide state (contexts, the page store): and api;
//   components, hooks, styles: any of the above (the tests of every zone also use testing).
// A feature imports shared code and itself, never another feature; the app composes both.
// The studio (src/studio/) is an app of its own beside them, on the shared code alone.
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The shared code's zones, lowest first. */
const SHARED = ['config', 'rules', 'lib', 'api', 'state', 'ui'];

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
        { type: 'config', pattern: ['src/config', 'src/types'], partialMatch: false },
        { type: 'rules', pattern: 'src/rules', partialMatch: false },
        { type: 'lib', pattern: 'src/lib', partialMatch: false },
        { type: 'api', pattern: 'src/api', partialMatch: false },
        { type: 'state', pattern: 'src/state', partialMatch: false },
        { type: 'ui', pattern: ['src/components', 'src/hooks', 'src/styles'], partialMatch: false },
        { type: 'testing', pattern: 'src/testing', partialMatch: false },
        { type: 'studio', pattern: 'src/studio', partialMatch: false },
      ],
      // The entries are files beside the folders, not a folder of their own: the browser's,
      // the server render's and the service worker's.
      'boundaries/files': [
        { category: 'entry', pattern: ['src/main.tsx', 'src/entry-server.tsx', 'src/sw.ts', 'src/*.test.{ts,tsx}'] },
        { category: 'test', pattern: 'src/**/*.test.{ts,tsx}' },
      ],
      'import/resolver': { typescript: { project: './tsconfig.app.json' } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            { from: { element: { type: 'config' } }, allow: { to: { element: { type: 'config' } } } },
            { from: { element: { type: 'rules' } }, allow: { to: { element: { type: ['config', 'rules'] } } } },
            { from: { element: { type: 'lib' } }, allow: { to: { element: { type: ['config', 'rules', 'lib'] } } } },
            { from: { element: { type: 'api' } }, allow: { to: { element: { type: ['config', 'rules', 'lib', 'api'] } } } },
            {
              from: { element: { type: 'state' } },
              allow: { to: { element: { type: ['config', 'rules', 'lib', 'api', 'state'] } } },
            },
            { from: { element: { type: 'ui' } }, allow: { to: { element: { type: SHARED } } } },
            { from: { element: { type: 'testing' } }, allow: { to: { element: { type: [...SHARED, 'testing'] } } } },
            // Every test may use the test helpers, whatever its zone.
            { from: { file: { categories: 'test' } }, allow: { to: { element: { type: 'testing' } } } },
            {
              from: { element: { type: 'feature' } },
              allow: [
                { to: { element: { type: SHARED } } },
                { to: { element: { type: 'feature', captured: { area: '{{ from.element.captured.area }}' } } } },
              ],
            },
            { from: { element: { type: 'app' } }, allow: { to: { element: { type: [...SHARED, 'feature', 'app'] } } } },
            // The studio, a second app (its entry is src/studio/main.tsx): the shared code and
            // itself, never the site's app or features, but the site's theme tokens, which its
            // own are held to.
            {
              from: { element: { type: 'studio' } },
              allow: [
                { to: { element: { type: [...SHARED, 'studio'] } } },
                { to: { element: { type: 'feature', captured: { area: 'site' } } } },
              ],
            },
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
