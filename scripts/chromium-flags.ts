// How the project starts Debian's Chromium headless, for the journeys (playwright.config.ts) and
// Lighthouse (bench/web.ts): no sandbox (the machines run as root), no GPU, and none of Chromium's
// own background requests, which the machines' closed network refuses while a page loads.
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
