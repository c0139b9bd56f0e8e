/*
 * The page's language, direction and theme before its first paint (decision 063). index.html draws the app's
 * frame (decision 053) before the app's code arrives; without this it was drawn right to left and light in every
 * case, and an English or dark page jumped when the app took over. The same start-up rules as src/lib/locale.ts
 * (`?lang=`, else the stored language, else Arabic; the stored theme, else the system's), which still apply them
 * in full. A classic script, not inline: the content security policy allows no inline script (quality.md).
 */
(function () {
  try {
    var root = document.documentElement;
    var query = new URLSearchParams(location.search).get('lang');
    var lang = query === 'ar' || query === 'en' ? query : localStorage.getItem('lang');
    if (lang === 'en') {
      root.lang = 'en';
      root.dir = 'ltr';
    } else if (lang === 'ar') {
      root.lang = 'ar';
      root.dir = 'rtl';
    }
    var theme = localStorage.getItem('theme');
    if (theme === 'dark' || (theme !== 'light' && window.matchMedia && matchMedia('(prefers-color-scheme: dark)').matches))
      root.classList.add('dark');
  } catch {
    /* no storage (a private window's refusal): the frame stays as index.html draws it */
  }
})();
