import js from '@eslint/js'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// The three zones: domain imports nothing of ours; server and web import domain;
// web takes at most `import type` from server.
const zone = (files, patterns) => ({
  files,
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      { patterns: patterns.map((p) => ({ ...p, allowTypeImports: p.allowTypeImports ?? false })) },
    ],
  },
})

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'log'] }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  // A feature file tells one story: past 400 lines it is two files (tests and generated code aside).
  {
    files: ['src/server/features/**/*.ts', 'src/web/features/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.gen.ts'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  zone(
    ['src/domain/**'],
    [
      {
        group: ['**/server/**', '**/web/**', 'node:*', 'react', 'react-*', 'hono', 'drizzle-orm*'],
        message: 'domain is pure: no I/O, no server or web code',
      },
    ],
  ),
  zone(
    ['src/web/**'],
    [{ group: ['**/server/**'], message: 'web may only `import type` from server', allowTypeImports: true }],
  ),
  zone(['src/server/**'], [{ group: ['**/web/**'], message: 'server never imports web code' }]),
)
