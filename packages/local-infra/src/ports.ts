import { readFileSync } from 'node:fs';
import net from 'node:net';

import { withTimeout } from './timeouts.js';

/** Host every local server binds to: loopback only, never a public interface. */
export const LOOPBACK = '127.0.0.1';

/** Ports below this are left alone (well-known and registered services' usual ports). */
const LOWEST_PORT = 10_000;
const ATTEMPTS = 50;

/**
 * The range the kernel draws the local ports of outgoing connections from (Linux:
 * `/proc/sys/net/ipv4/ip_local_port_range`), or undefined where it cannot be read.
 */
export function ephemeralPortRange(
  read: () => string = () => readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8'),
): { low: number; high: number } | undefined {
  try {
    const [low = NaN, high = NaN] = read().trim().split(/\s+/).map(Number);
    return Number.isInteger(low) && Number.isInteger(high) && low <= high ? { low, high } : undefined;
  } catch {
    return undefined;
  }
}

/** Binds `port` on 127.0.0.1 (0: one of the OS's choosing) and lets it go: the port, or undefined if taken. */
function bindAndRelease(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(undefined));
    server.listen(port, LOOPBACK, () => {
      const address = server.address();
      const bound = typeof address === 'object' && address !== null ? address.port : undefined;
      server.close(() => resolve(bound));
    });
  });
}

/**
 * A TCP port on 127.0.0.1 that is free right now, chosen below the kernel's range of ephemeral
 * ports where that range is known: a port the OS hands out for `listen(0)` is one that any outgoing
 * connection (a database driver's, a test's) may take as its local port before the server binds
 * it, which once failed a gateway's start with EADDRINUSE. Another process may still bind the port
 * first; callers retry with a fresh port when the server exits early. Elsewhere, the OS's choice.
 */
export function findFreePort(range = ephemeralPortRange()): Promise<number> {
  const probe = async () => {
    if (range && range.low - LOWEST_PORT >= ATTEMPTS) {
      for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
        const port = await bindAndRelease(
          LOWEST_PORT + Math.floor(Math.random() * (range.low - LOWEST_PORT)),
        );
        if (port !== undefined) return port;
      }
    }
    const port = await bindAndRelease(0);
    if (port === undefined || port === 0) throw new Error('the OS gave no free port');
    return port;
  };
  return withTimeout(probe(), 5_000, 'finding a free port');
}
