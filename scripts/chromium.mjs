// Debian's Chromium, run as root on a machine whose only network is the package registries: the path and
// flags that both the e2e tests and the bench launch it with. Without the background-networking flags,
// Chromium keeps trying to reach Google's hosts and its connections are refused.
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
