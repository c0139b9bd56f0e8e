/* eslint-disable lingui/no-unlocalized-strings -- SVG path data, not text */
/** Small inline icons (no icon font: nothing extra to download). Decorative: the control carries the label. */
const PATHS = {
  search:
    'M10.5 3a7.5 7.5 0 0 1 5.96 12.05l4.25 4.24-1.42 1.42-4.24-4.25A7.5 7.5 0 1 1 10.5 3Zm0 2a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11Z',
  moon: 'M12.3 2a8 8 0 1 0 9.7 9.7A9 9 0 1 1 12.3 2Z',
  sun: 'M12 7a5 5 0 1 1 0 10 5 5 0 0 1 0-10Zm-1-5h2v3h-2V2Zm0 17h2v3h-2v-3ZM2 11h3v2H2v-2Zm17 0h3v2h-3v-2ZM4.2 5.6l1.4-1.4 2.1 2.1-1.4 1.4-2.1-2.1Zm12.1 12.1 1.4-1.4 2.1 2.1-1.4 1.4-2.1-2.1ZM4.2 18.4l2.1-2.1 1.4 1.4-2.1 2.1-1.4-1.4ZM16.3 6.3l2.1-2.1 1.4 1.4-2.1 2.1-1.4-1.4Z',
  menu: 'M3 5h18v2H3V5Zm0 6h18v2H3v-2Zm0 6h18v2H3v-2Z',
  close: 'm6.4 5 5.6 5.6L17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6l5.6-5.6L5 6.4 6.4 5Z',
  phone:
    'M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1l-2.2 2.2Z',
  play: 'M8 5v14l11-7L8 5Z',
  pause: 'M6 5h4v14H6V5Zm8 0h4v14h-4V5Z',
  chevron: 'M9 6l6 6-6 6-1.4-1.4L12.2 12 7.6 7.4 9 6Z',
  download: 'M11 3h2v9.2l3.3-3.3 1.4 1.4L12 16l-5.7-5.7 1.4-1.4 3.3 3.3V3ZM4 19h16v2H4v-2Z',
  offline:
    'M2.1 3.5 3.5 2.1l18.4 18.4-1.4 1.4-5.4-5.4A3 3 0 0 0 12 19a3 3 0 0 0-2.1-.9l2.1 2.1L9.9 18a3 3 0 0 0 .1-.1L2.1 3.5ZM12 5c3.9 0 7.4 1.6 10 4.1l-1.5 1.5A12 12 0 0 0 9.7 7.2L8 5.5C9.3 5.2 10.6 5 12 5Z',
} as const;

export type IconName = keyof typeof PATHS;

/** `d`: a path of the caller's own (icons only a lazy screen draws stay out of the home page's JavaScript). */
export function Icon({ name, d, className = 'size-6' }: { name?: IconName; d?: string; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={`${className} fill-current rtl:[&.flip]:-scale-x-100`}
      aria-hidden="true"
      focusable="false"
    >
      <path d={d ?? (name ? PATHS[name] : '')} />
    </svg>
  );
}
