import fs from 'node:fs';

/** Debian's Chromium (Playwright cannot download its own browser here). CHROMIUM_PATH overrides. */
export function chromiumPath(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  return candidates.find((p): p is string => !!p && fs.existsSync(p));
}

/**
 * The browser the end-to-end tests drive (playwright.config.ts): CHROMIUM_PATH when set; otherwise Debian's
 * headless shell (package chromium-headless-shell), the build Playwright itself runs for headless tests, lighter
 * than the full browser in its headless mode (decision 041); otherwise Debian's Chromium. To watch a run
 * (`--headed`, `--debug`), set CHROMIUM_PATH=/usr/bin/chromium: the shell draws no window.
 */
export function testBrowserPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return chromiumPath();
  const shell = '/usr/bin/chromium-headless-shell';
  return fs.existsSync(shell) ? shell : chromiumPath();
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export const INSTALL_HINT =
  'Chromium was not found. Install it with:\n  sudo apt-get update && sudo apt-get install -y chromium chromium-headless-shell\n' +
  'or set CHROMIUM_PATH to a Chromium or Chrome binary.';
