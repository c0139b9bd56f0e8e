import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * Messages are written in English in the source (the developers' common language) and translated into
 * Arabic, which is the portal's default language. Both catalogs must be complete (`npm run i18n:check`).
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['ar', 'en'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/node_modules/**', '**/*.test.*'],
    },
  ],
  // File references without line numbers: moving code must not change the catalogs (CI checks they are current).
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
});
