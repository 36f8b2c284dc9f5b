/**
 * Which targets a request the platform sends on someone's behalf (an app's webhook) must never
 * reach: loopback, private, link-local (cloud metadata at 169.254.169.254), shared, multicast and
 * reserved addresses, however the URL writes them (IPv4, IPv6, IPv4-mapped IPv6), and the names
 * that always mean this machine or a cloud's metadata service. Auth refuses a webhook URL naming
 * one when the manifest is registered; notifications refuses it again when it connects, where a
 * name that resolves to such an address is caught too (only DNS knows that).
 */
import { BlockList, isIP } from 'node:net';

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  // IPv4-compatible addresses (deprecated), `::` and `::1` among them.
  ['::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/**
 * Host names that mean this machine (RFC 6761: `localhost` and every name below it) or a cloud's
 * metadata service (Google's, and the single-label names cloud resolvers answer with it).
 */
const PRIVATE_NAMES = new Set(['localhost', 'metadata.google.internal', 'metadata', 'instance-data']);

/**
 * Whether an IP address (brackets allowed) is one the platform must not send to. IPv4-mapped IPv6
 * is judged by its IPv4 address. Not an address at all: true (refuse rather than guess).
 */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  const family = isIP(bare);
  if (family === 0) return true;
  // Node's BlockList also judges an IPv4-mapped IPv6 address in hex (`::ffff:7f00:1`, as the URL
  // parser writes it) by the IPv4 rules.
  return blocked.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Whether a URL's host (`new URL(…).hostname`, which has already turned `2130706433` or `0x7f.1`
 * into `127.0.0.1`) names a private target by itself: an IP literal `isPrivateAddress` refuses, or
 * one of the private names. A name that only resolves to a private address is not known here.
 */
export function namesPrivateTarget(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (isIP(host.replace(/^\[|\]$/g, '')) !== 0) return isPrivateAddress(host);
  return PRIVATE_NAMES.has(host) || host.endsWith('.localhost');
}
