/**
 * A readable summary of a User-Agent ("Chrome 120 on Windows") and the network of a client address, for the devices
 * page and new-device detection. Deliberately small: the families people sign in with, not a full UA database.
 */

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/\bOPR\/(\d+)/, 'Opera'],
  [/\bSamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/\b(?:Chrome|CriOS|HeadlessChrome|Chromium)\/(\d+)/, 'Chrome'],
  [/\bVersion\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\bWindows NT\b/, 'Windows'],
  [/\biPhone\b/, 'iOS'],
  [/\biPad\b/, 'iPadOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

export interface DeviceSummary {
  /** browser family, '' when not recognised */
  browser: string;
  /** major version of the browser, '' when not recognised */
  version: string;
  /** operating system, '' when not recognised */
  os: string;
}

export function parseUserAgent(ua: string): DeviceSummary {
  let browser = '';
  let version = '';
  for (const [re, name] of BROWSERS) {
    const m = re.exec(ua);
    if (m) {
      browser = name;
      version = m[1] ?? '';
      break;
    }
  }
  const os = SYSTEMS.find(([re]) => re.test(ua))?.[1] ?? '';
  return { browser, version, os };
}

/** "Chrome 120 on Windows", "Firefox on Linux", "Windows"; '' when nothing is recognised. */
export function describeDevice(ua: string): string {
  const { browser, version, os } = parseUserAgent(ua);
  const b = browser && (version ? `${browser} ${version}` : browser);
  return b && os ? `${b} on ${os}` : b || os;
}

function expandIpv6(ip: string): string[] | undefined {
  const [head, tail, extra] = ip.split('::');
  if (extra !== undefined) return undefined;
  const h = head ? head.split(':') : [];
  const t = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array(8 - h.length - t.length).fill('0');
  const groups = [...h, ...fill, ...t];
  return groups.length === 8 && groups.every((g) => /^[0-9a-f]{1,4}$/i.test(g)) ? groups : undefined;
}

/** The network a client address belongs to: its /24 (IPv4) or /48 (IPv6); the address itself when unparseable. */
export function networkOf(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  const groups = expandIpv6(ip);
  if (groups)
    return `${groups
      .slice(0, 3)
      .map((g) => Number.parseInt(g, 16).toString(16))
      .join(':')}::/48`;
  return ip;
}
