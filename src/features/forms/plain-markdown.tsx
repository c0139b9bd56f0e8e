import type { ReactNode } from 'react';

/*
 * Stands in for `markdown-to-jsx/react` (vite.config.ts resolve.alias): @rjsf/core imports it for markdown in
 * descriptions and help (`enableMarkdownInDescription`), which our forms never turn on. Texts show as they are,
 * and the form route does not carry a markdown parser (about 30 KB gzip).
 */
export function Markdown({ children }: { children?: ReactNode; options?: unknown }) {
  return <>{children}</>;
}
export default Markdown;
