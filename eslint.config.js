// Lint for every workspace, including the import boundaries of the architecture:
// domain imports none of the others; couchdb only domain; gateway and workers never each other; web only domain.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const WORKSPACES = ['domain', 'couchdb', 'sync-gateway', 'workers', 'web'];

/** Forbids importing the given workspaces by package name or by a relative path into their folders. */
function boundary(workspace, forbidden) {
  return {
    files: [`${workspace}/**/*.{ts,tsx,js,mjs}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: forbidden.flatMap((other) => [
            { group: [`@ss/${other}`, `@ss/${other}/*`], message: `${workspace}/ must not import ${other}/ (see the architecture's import rules).` },
            { group: [`**/${other}/src/**`, `**/${other}/src`], message: `${workspace}/ must not reach into ${other}/ by path.` },
          ]),
        },
      ],
    },
  };
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-ssr/**', 'data/**', 'test-results/**', 'playwright-report/**', 'web/public/**', 'web/android/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-namespace': 'off',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // Classic scripts the build puts inline in index.html (web/vite.config.ts): they run in the page, not as modules.
  { files: ['web/inline/**/*.js'], languageOptions: { globals: { ...globals.browser }, sourceType: 'script' } },
  { files: ['workbox.config.cjs'], languageOptions: { sourceType: 'commonjs' }, rules: { '@typescript-eslint/no-require-imports': 'off' } },
  boundary('domain', WORKSPACES.filter((w) => w !== 'domain')),
  boundary('couchdb', ['sync-gateway', 'workers', 'web']),
  boundary('sync-gateway', ['workers', 'web']),
  boundary('workers', ['sync-gateway', 'web']),
  boundary('web', ['couchdb', 'sync-gateway', 'workers']),
);
