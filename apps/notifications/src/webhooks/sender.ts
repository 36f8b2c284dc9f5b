/**
 * Notifications: app webhooks. One HTTP attempt: POST the JSON body with the signature
 * headers, within a timeout; 2xx is delivered. SSRF guard: unless `allowPrivate` (development and
 * test stacks), an address that is loopback, private, link-local, shared, multicast or reserved is
 * refused (contracts' `private-targets.ts`, which auth applies when the URL is registered), whether
 * the URL names it or DNS answers it (checked in the socket's own lookup, so a name cannot resolve
 * to a public address for the check and a private one for the connection).
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isPrivateAddress, namesPrivateTarget } from '@ncs/contracts';

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
  if (!options.allowPrivate && namesPrivateTarget(target.hostname))
    return Promise.resolve(done(null, REFUSED));
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    // `timeout` below only bounds silence on the socket; this bounds the whole attempt, so an
    // endpoint that trickles its answer cannot keep the attempt open past its holder's lease.
    const deadline = setTimeout(
      () => req.destroy(new Error(`timeout after ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    const settle = (result: AttemptResult) => {
      clearTimeout(deadline);
      resolve(result);
    };
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
        res.on('end', () => settle(done(res.statusCode ?? null, null)));
        res.on('error', () => settle(done(res.statusCode ?? null, null)));
        // Cut off mid-body by the deadline: no `end`, but always a `close`.
        res.on('close', () => settle(done(null, `timeout after ${options.timeoutMs} ms`)));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`timeout after ${options.timeoutMs} ms`)));
    req.on('error', (error) => settle(done(null, error.message.slice(0, 200))));
    req.end(body);
  });
}
