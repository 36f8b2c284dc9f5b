/**
 * Notifications: app webhooks (issue #13). One HTTP attempt: POST the JSON body with the signature
 * headers, within a timeout; 2xx is delivered. SSRF guard: unless `allowPrivate` (development and
 * test stacks), an address that is loopback, private, link-local, shared, multicast or reserved is
 * refused, whether the URL names it or DNS answers it (checked in the socket's own lookup, so a
 * name cannot resolve to a public address for the check and a private one for the connection).
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

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
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** Whether an IP address is one a production delivery must not reach (pure). */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  const family = isIP(bare);
  if (family === 0) return true; // not an address: refuse rather than guess
  return blocked.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}

export interface AttemptResult {
  readonly statusCode: number | null;
  readonly durationMs: number;
  readonly error: string | null;
}

const REFUSED = 'refused: private or loopback address';

/** A DNS lookup that fails for private answers. */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 4);
    if (addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address)))
      return callback(new Error(REFUSED), '', 4);
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    return callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

export function sendAttempt(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: { timeoutMs: number; allowPrivate: boolean },
): Promise<AttemptResult> {
  const started = Date.now();
  const done = (statusCode: number | null, error: string | null): AttemptResult => ({
    statusCode,
    durationMs: Date.now() - started,
    error,
  });
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.resolve(done(null, 'invalid URL'));
  }
  const host = target.hostname.replace(/^\[|\]$/g, '');
  if (!options.allowPrivate && isIP(host) !== 0 && isPrivateAddress(host))
    return Promise.resolve(done(null, REFUSED));
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const req = send(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'user-agent': 'NCS-Webhooks/1' },
        timeout: options.timeoutMs,
        ...(options.allowPrivate ? {} : { lookup: guardedLookup }),
      },
      (res) => {
        res.resume(); // the body is not read: only the status counts
        res.on('end', () => resolve(done(res.statusCode ?? null, null)));
        res.on('error', () => resolve(done(res.statusCode ?? null, null)));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`timeout after ${options.timeoutMs} ms`)));
    req.on('error', (error) => resolve(done(null, error.message.slice(0, 200))));
    req.end(body);
  });
}
