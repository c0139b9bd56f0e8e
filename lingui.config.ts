import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * Messages are written in English in the source (the developers' common language) and translated into
 * Arabic, which is the portal's default language. Both catalogs must be complete (`npm run i18n:check`).
 */
/**
 * Sign-in, sign-up, codes, profile, agent, and a citizen's requests (forms, drafts, outbox, tracking,
 * notifications, papers): everything behind `loadAccountMessages()`.
 */
const ACCOUNT = [
  '<rootDir>/src/features/account',
  '<rootDir>/src/features/auth',
  '<rootDir>/src/features/forms',
  '<rootDir>/src/features/requests',
  '<rootDir>/src/features/outbox',
  '<rootDir>/src/features/notifications',
  '<rootDir>/src/features/documents',
  // The staff workspace (employee and agent builds): signed in, so the account catalog is loaded.
  '<rootDir>/src/features/staff',
  '<rootDir>/src/features/behalf',
  // Tariffs, the bill calculator and bills (the use pages of BILL_CALCULATOR and PAYBILLS).
  '<rootDir>/src/features/bills',
  // Paying bills and fees (issue 12).
  '<rootDir>/src/features/payments',
  '<rootDir>/src/features/meters',
  // Who looked at my data (the profile) and the labels the auditor's screen shares (decision 071).
  '<rootDir>/src/features/data-access',
  '<rootDir>/src/components/citizen-finder.tsx',
  // A bill as a card and its breakdown: the citizen's bills and the staff's view of a citizen's bills (decision 060).
  '<rootDir>/src/components/bill-card.tsx',
  '<rootDir>/src/components/bill-breakdown.tsx',
  // The service and status filters of the inbox (citizen and staff), pages behind sign-in.
  '<rootDir>/src/components/request-filter-selects.tsx',
  // The contact form's page (its route, /contact, loads the account catalog); the footer's newsletter stays in the shell.
  '<rootDir>/src/features/public-forms/components/contact-page.tsx',
  '<rootDir>/src/lib/field-messages.ts',
  '<rootDir>/src/lib/auth-errors.ts',
  '<rootDir>/src/lib/account-error-messages.ts',
  '<rootDir>/src/lib/staff-error-messages.ts',
  '<rootDir>/src/lib/meter-error-messages.ts',
  ...[
    'signup',
    'login',
    'mobileNumber-validate',
    'forget-password.$step',
    'email-verify',
    'profile',
    'profile.index',
    'profile.meters',
    'meter-approvals',
    'dev.mailbox',
    'agent-login',
    'auth-callback',
    'contact',
    'services.$serviceSlug_.add',
    'services.$serviceSlug_.entries.$entryId',
    'services.$serviceSlug_.entries.$entryId_.$activityId',
    'inbox',
    'notifications',
    'papers',
    'verify',
    'assign-requests',
    'apply-on-behalf',
    'userGuide',
    'services.tickets',
    'pay.$serviceSlug.$entryId',
    'citizens.$citizenId.finance',
  ].map((r) => `<rootDir>/src/routes/${r}.tsx`),
];

/**
 * The report screens and the dashboard (issue 25), and the operators' screens (issue 26: service quality, the
 * portal's content, the services themselves): employee build only, `loadReportsMessages()`; kept out of the account
 * catalog, which citizens' sign-up and forms load.
 */
const CONTENT_ADMIN = [
  '<rootDir>/src/features/staff/components/content-admin.tsx',
  '<rootDir>/src/features/staff/components/content-parts.tsx',
];
/** The auditor's screen (decision 071): employee build only. */
const AUDIT_PAGE = '<rootDir>/src/features/data-access/components/audit-page.tsx';
const REPORTS = [
  '<rootDir>/src/features/reports',
  '<rootDir>/src/features/quality',
  '<rootDir>/src/features/catalog-admin',
  ...CONTENT_ADMIN,
  AUDIT_PAGE,
  ...[
    'reports.index',
    'reports.$reportId',
    'dashboard',
    'content',
    'quality',
    'manage-services.index',
    'manage-services.$serviceSlug',
    'data-access',
  ].map((r) => `<rootDir>/src/routes/${r}.tsx`),
];
/** Noor's conversation panel (decision 068): loaded with the panel when the launcher is first pressed. */
const ASSISTANT = ['<rootDir>/src/features/assistant/components/noor-panel.tsx'];
/** The guided tour's steps (decision 073): loaded with the tour's chunk when a tour starts. */
const TOUR = ['<rootDir>/src/features/tour/run-tour.ts'];
const excluded = (list: string[]) => list.map((p) => (p.endsWith('.tsx') || p.endsWith('.ts') ? p : `${p}/**`));

export default defineConfig({
  sourceLocale: 'en',
  locales: ['ar', 'en'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: [
        '**/node_modules/**',
        '**/*.test.*',
        ...excluded(ACCOUNT),
        ...excluded(REPORTS),
        ...excluded(ASSISTANT),
        ...excluded(TOUR),
      ],
    },
    // The account screens' messages: a catalog of their own, loaded with those screens (src/lib/i18n.ts), so a
    // visitor's first page does not carry them.
    { path: '<rootDir>/src/locales/{locale}/account', include: ACCOUNT, exclude: ['**/*.test.*', ...CONTENT_ADMIN, AUDIT_PAGE] },
    { path: '<rootDir>/src/locales/{locale}/reports', include: REPORTS, exclude: ['**/*.test.*'] },
    { path: '<rootDir>/src/locales/{locale}/assistant', include: ASSISTANT, exclude: ['**/*.test.*'] },
    { path: '<rootDir>/src/locales/{locale}/tour', include: TOUR, exclude: ['**/*.test.*'] },
  ],
  // File references without line numbers: moving code must not change the catalogs (CI checks they are current).
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
});
