/**
 * How Ferry launches Debian's Chromium, for the e2e suite and the benchmarks alike. The background-network
 * flags matter: this machine's closed network refuses Chromium's own connections.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
