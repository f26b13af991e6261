import { BlockList, isIP } from 'node:net';

/** Exact addresses and CIDR ranges (IPv4 and IPv6) a key may be used from. */
export function isValidAllowlistEntry(entry: string): boolean {
  const [address, prefix, extra] = entry.split('/');
  if (extra !== undefined || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** `::ffff:10.0.0.1` (IPv4 seen through an IPv6 socket) is the IPv4 address 10.0.0.1. */
export function normalizeAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
}

export function isAddressAllowed(allowlist: readonly string[], address: string | undefined): boolean {
  if (allowlist.length === 0) return true;
  if (!address) return false;
  const ip = normalizeAddress(address);
  const family = isIP(ip);
  if (family === 0) return false;
  const list = new BlockList();
  for (const entry of allowlist) {
    const [net, prefix] = entry.split('/') as [string, string | undefined];
    const type = isIP(net) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(net, type);
    else list.addSubnet(net, Number(prefix), type);
  }
  return list.check(ip, family === 6 ? 'ipv6' : 'ipv4');
}
