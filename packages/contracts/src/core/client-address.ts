/**
 * What a per-address limit counts against: an IPv4 address as it is, an IPv6 address by its /64
 * network (one subscriber usually holds a whole /64, so single addresses would give an attacker
 * 2^64 fresh budgets), an IPv4-mapped IPv6 address as its IPv4 address. Used by the gateway's rate
 * limits and auth's sign-in throttle alike.
 */
import { isIPv4, isIPv6 } from 'node:net';

export function clientAddressGroup(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (!isIPv6(address)) return address;
  return `${expandIPv6(address).slice(0, 4).join(':')}::/64`;
}

/** The eight hextets of an IPv6 address (zone dropped, `::` expanded, embedded IPv4 converted). */
function expandIPv6(address: string): string[] {
  let text = address.split('%')[0]!.toLowerCase();
  const ipv4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (ipv4) {
    const [a, b, c, d] = ipv4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, ipv4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((part) => part.replace(/^0+(?=.)/, ''));
}
