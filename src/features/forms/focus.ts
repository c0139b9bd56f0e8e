/** The field focus of the form engine is the app's one (src/lib/focus.ts); this path stays for its importers. */
export { FOCUS_DELAY_MS, focusField, focusFieldLater } from '../../components/ui/focus.ts';
