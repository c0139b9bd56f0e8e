import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import lingui from 'eslint-plugin-lingui';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'src/routeTree.gen.ts',
      'server/db/migrations/',
      'test-results/',
      'playwright-report/',
      'coverage/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, lingui },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Every user-facing string goes through Lingui (Arabic first).
      'lingui/no-unlocalized-strings': [
        'error',
        {
          ignore: [
            '^[A-Z0-9_\\-]+$',
            '^[a-z][a-zA-Z0-9]*:?$',
            '^/',
            '^\\W+$',
            '^[a-z]{2}-[A-Z]{2}$',
            '^\\.\\.?/',
            '^@',
            '^\\(',
            '^\\*',
            '^[a-zA-Z]+ (ASC|DESC)$',
            '^[a-z]+(-[a-z]+)+$',
            '^[a-z]+/[a-z.+-]+$',
          ],
          ignoreFunctions: [
            'console.*',
            'Error',
            'ApiError',
            'localStorage.*',
            'sessionStorage.*',
            'document.*',
            'request.headers.set',
            'URLSearchParams',
            'new URL',
          ],
          ignoreNames: [
            {
              regex: {
                pattern:
                  'className|^key$|^type$|^id$|^to$|^href$|^rel$|^target$|^lang$|^dir$|^role$|^src$|^value$|Id$|^name$|^method$|^mode$|^autoComplete$|^inputMode$|^as$',
              },
            },
            { regex: { pattern: '^[A-Z_]+$' } },
          ],
          ignoreMethodsOnTypes: ['Map.get', 'Map.has', 'Set.has', 'URLSearchParams.get', 'Headers.set'],
        },
      ],
      'lingui/t-call-in-function': 'error',
      'lingui/no-single-variables-to-translate': 'error',
      'lingui/no-expression-in-message': 'error',
    },
  },
  {
    files: ['src/**/*.test.{ts,tsx}', 'src/pwa-manifest.ts', 'src/locales/**'],
    rules: { 'lingui/no-unlocalized-strings': 'off' },
  },
);
