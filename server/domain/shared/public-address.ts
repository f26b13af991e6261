// The rule of every URL the server fetches on a partner's behalf (a template header `media_url`): it may
// only reach public addresses. Addresses are classified by ipaddr.js, in every textual form they arrive in:
// the URL parser has already turned decimal, octal, hexadecimal and short IPv4 spellings into dotted form,
// and an IPv6 address that carries an IPv4 address (IPv4-mapped and -compatible, NAT64, 6to4, Teredo) is
// judged by the IPv4 address(es) it carries as well.
import ipaddr from 'ipaddr.js';

type IPv4 = ipaddr.IPv4;
type IPv6 = ipaddr.IPv6;

/** How a partner reads each non-public range of ipaddr.js. */
const READABLE: Record<string, string> = {
  unspecified: 'unspecified',
  loopback: 'loopback',
  private: 'private',
  linkLocal: 'link-local',
  uniqueLocal: 'private (unique local)',
  carrierGradeNat: 'private (shared)',
  multicast: 'multicast',
  broadcast: 'broadcast',
  reserved: 'reserved',
};

/** The ranges that carry an IPv4 address inside an IPv6 one, and where. */
function carriedIPv4(address: IPv6): IPv4[] | undefined {
  const parts = address.parts;
  const v4 = (high: number, low: number) => ipaddr.fromByteArray([high >> 8, high & 0xff, low >> 8, low & 0xff]) as IPv4;
  switch (address.range()) {
    case 'ipv4Mapped':
    case 'rfc6145':
      return [v4(parts[6]!, parts[7]!)];
    case 'rfc6052':
      // The well-known NAT64 prefix 64:ff9b::/96 carries a public IPv4 address; the local-use 64:ff9b:1::/48 is private.
      return parts[2] === 0 && parts[3] === 0 && parts[4] === 0 && parts[5] === 0 ? [v4(parts[6]!, parts[7]!)] : [];
    case '6to4':
      return [v4(parts[1]!, parts[2]!)];
    case 'teredo':
      // The Teredo server, and the client's address (stored inverted).
      return [v4(parts[2]!, parts[3]!), v4(~parts[6]! & 0xffff, ~parts[7]! & 0xffff)];
  }
  // IPv4-compatible (::a.b.c.d, deprecated), which ipaddr.js has no range for.
  if (parts.slice(0, 6).every((p) => p === 0) && (parts[6] !== 0 || parts[7]! > 1)) return [v4(parts[6]!, parts[7]!)];
  return undefined;
}

/**
 * Why an address may not be fetched (loopback, private, link-local, reserved, …), or undefined when it is
 * a public unicast address.
 */
export function nonPublicReason(text: string): string | undefined {
  if (!ipaddr.isValid(text)) return 'not an IP address';
  const address = ipaddr.parse(text);
  if (address.kind() === 'ipv4') return address.range() === 'unicast' ? undefined : (READABLE[address.range()] ?? 'reserved');
  const carried = carriedIPv4(address as IPv6);
  if (carried !== undefined) {
    if (carried.length === 0) return 'private (local NAT64)';
    for (const v4 of carried) {
      const reason = nonPublicReason(v4.toString());
      if (reason) return reason;
    }
    return undefined;
  }
  return address.range() === 'unicast' ? undefined : (READABLE[address.range()] ?? 'reserved');
}
