/** The one error summary is the kit's (src/components/ui/error-summary.tsx); this path stays for its importers. */
export { ErrorSummary } from './ui/error-summary.tsx';
