import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import lingui from 'eslint-plugin-lingui';
import globals from 'globals';
import path from 'node:path';

const FEATURES = path.resolve('src/features');
/** The feature folder a file or import lies in, if any. */
const featureOf = (file) => {
  const rel = path.relative(FEATURES, file);
  return rel.startsWith('..') || path.isAbsolute(rel) ? undefined : rel.split(path.sep)[0];
};
/** A lint zone: a file in src/features/<a> may not import from src/features/<b> (except the shared ones). */
const featureZone = {
  meta: { type: 'problem', schema: [{ type: 'object', properties: { shared: { type: 'array' } } }] },
  create(context) {
    const own = featureOf(context.filename);
    const shared = new Set(context.options[0]?.shared ?? []);
    const check = (node) => {
      const source = node.source?.value;
      if (!own || typeof source !== 'string' || !source.startsWith('.')) return;
      const target = featureOf(path.resolve(path.dirname(context.filename), source));
      if (target && target !== own && !shared.has(target))
        context.report({
          node,
          message: `Features do not import each other: ${own} imports ${target}. Compose them in a route file, or move the shared part to src/lib or src/components.`,
        });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'dist-employee/',
      'dist-agent/',
      'node_modules/',
      'src/routeTree.gen.ts',
      'src/routeTree.citizen.gen.ts',
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
  // Features do not import each other (bulletproof-react): a page composes features in its route file, and what
  // several features need lives in src/lib or src/components. The form engine (src/features/forms) and the outbox
  // (src/features/outbox) are the shared exceptions: every form and every offline write goes through them.
  {
    files: ['src/features/**/*.{ts,tsx}'],
    plugins: { house: { rules: { 'feature-zone': featureZone } } },
    rules: { 'house/feature-zone': ['error', { shared: ['forms', 'outbox'] }] },
  },
  // The browser calls routes through their references (decision 035): the descriptors carry the schemas, which
  // would bring the schema library into the first page's bundle. Their types may be imported.
  {
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: 'contract/(routes(-[a-z]+)?|service-page)\\.ts$',
              allowTypeImports: true,
              message: 'Call routes through contract/refs/ (decision 035); import the descriptors for their types only.',
            },
          ],
        },
      ],
    },
  },
  // The server's layers (decision 014, issue 22): use cases take plain inputs and a transaction, never HTTP, so
  // nothing in server/domain imports server/http, server/plugins or server/routes; the database layer (schema,
  // client, migrations) knows no use case (the seed, which writes through the use cases, is server/seed).
  {
    files: ['server/domain/**/*.ts'],
    ignores: ['server/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(http|plugins|routes)/',
              message: 'server/domain takes plain inputs, never HTTP: move what you need into server/domain (decision 014).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/db/**/*.ts'],
    ignores: ['server/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(domain|http|plugins|routes)/',
              message: 'The database layer knows no use case or HTTP (decision 014): the use cases import it, not the other way.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.test.{ts,tsx}', 'src/pwa-manifest.ts', 'src/locales/**'],
    rules: { 'lingui/no-unlocalized-strings': 'off' },
  },
);
