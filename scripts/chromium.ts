// Debian's Chromium as every browser run here launches it (Playwright tests and the benchmark): never a
// downloaded browser; no sandbox (CI runs as root); no background traffic (the machine has no network).
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
