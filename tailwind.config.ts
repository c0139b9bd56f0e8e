/**
 * Tailwind 4 reads its theme from CSS (`src/styles.css`, `@theme`); this file records the content roots and
 * the design tokens' names for editors and tools that still look for a config file.
 */
export default {
  content: ['./index.html', './src/**/*.{ts,tsx}'],
  darkMode: 'class',
};
