import ipaddr from 'ipaddr.js';

/** An IP address literal (brackets allowed), IPv4-mapped IPv6 read as its IPv4 address. */
function parse(address: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  const a = address.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(a)) return undefined;
  const parsed = ipaddr.parse(a);
  return parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()
    ? (parsed as ipaddr.IPv6).toIPv4Address()
    : parsed;
}

/** True for a loopback address (127.0.0.0/8, ::1, and their IPv4-mapped forms). */
export function isLoopbackAddress(address: string | undefined): boolean {
  return address !== undefined && parse(address)?.range() === 'loopback';
}

/** True for every address outside the public unicast space (loopback, private, link-local, ...). */
export function isPrivateAddress(address: string): boolean {
  const parsed = parse(address);
  return parsed !== undefined && parsed.range() !== 'unicast';
}

/** `localhost` and its subdomains: names that always mean this machine. */
export function isLocalhostName(host: string): boolean {
  const h = host.toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost');
}
