import geoip from 'geoip-country';
import ipaddr from 'ipaddr.js';
import type { Location, RegionRestriction } from '@platform/contract';
import type { CountryLookup } from '../../lib/deps.js';

export type { CountryLookup };

/** geoip-country ships an offline country database in its npm package, refreshed with each release. */
export const geoipCountryLookup: CountryLookup = {
  country: (ip) => geoip.lookup(ip)?.country || null,
};

/** "::ffff:1.2.3.4" and "1.2.3.4" are the same caller. */
export function normalizeIp(raw: string): string {
  const trimmed = raw.trim();
  if (!ipaddr.isValid(trimmed)) return trimmed;
  const parsed = ipaddr.parse(trimmed);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    return (parsed as ipaddr.IPv6).toIPv4Address().toString();
  }
  return parsed.toString();
}

export function locate(ip: string, lookup: CountryLookup): Location {
  return { ip, country: ipaddr.isValid(ip) ? lookup.country(ip) : null };
}

function inRange(ip: string, range: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  const address = ipaddr.parse(ip);
  try {
    const [network, bits] = range.includes('/')
      ? ipaddr.parseCIDR(range)
      : [ipaddr.parse(range), ipaddr.parse(range).kind() === 'ipv4' ? 32 : 128];
    if (address.kind() !== network.kind()) return false;
    return address.match(network, bits);
  } catch {
    // A range the operator mistyped blocks nobody; the operator tool refuses such values anyway.
    return false;
  }
}

export function isRestricted(location: Location, restriction: RegionRestriction): boolean {
  if (location.country && restriction.blockedCountries.includes(location.country)) return true;
  return restriction.blockedIpRanges.some((range) => inRange(location.ip, range));
}

export function isValidIpRange(range: string): boolean {
  try {
    if (range.includes('/')) ipaddr.parseCIDR(range);
    else ipaddr.parse(range);
    return true;
  } catch {
    return false;
  }
}
