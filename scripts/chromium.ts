import fs from 'node:fs';

/** Debian's Chromium (Playwright cannot download its own browser here). CHROMIUM_PATH overrides. */
export function chromiumPath(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  return candidates.find((p): p is string => !!p && fs.existsSync(p));
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
  'Chromium was not found. Install it with:\n  sudo apt-get update && sudo apt-get install -y chromium\n' +
  'or set CHROMIUM_PATH to a Chromium or Chrome binary.';
