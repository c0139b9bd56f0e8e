import type { ManifestOptions } from 'vite-plugin-pwa';

/** One web app manifest per build kind: Arabic first (name, `dir: rtl`, `lang: ar`). */
export function manifestFor(kind: 'citizen' | 'employee' | 'agent'): Partial<ManifestOptions> {
  const names = {
    citizen: { name: 'كهرباء — بوابة خدمات الكهرباء', short: 'كهرباء' },
    employee: { name: 'كهرباء — بوابة الموظفين', short: 'كهرباء موظفين' },
    agent: { name: 'كهرباء — بوابة الوكلاء', short: 'كهرباء وكلاء' },
  }[kind];
  return {
    id: `/?app=${kind}`,
    name: names.name,
    short_name: names.short,
    description: 'بوابة الخدمات الإلكترونية لشركات توزيع الكهرباء: الطلبات والعدادات والفواتير والمدفوعات.',
    lang: 'ar',
    dir: 'rtl',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    // Citizens hold a phone upright; staff work on tablets both ways (decision 050: a tablet is not locked to portrait).
    orientation: kind === 'citizen' ? 'portrait' : 'any',
    theme_color: '#0b4f8a',
    background_color: '#ffffff',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    shortcuts:
      kind === 'citizen'
        ? [
            { name: 'الخدمات', short_name: 'الخدمات', url: '/services' },
            { name: 'طلباتي', short_name: 'طلباتي', url: '/inbox' },
          ]
        : [{ name: 'صندوق الوارد', short_name: 'الوارد', url: '/inbox' }],
  };
}
