import net from 'node:net';

import { withTimeout } from './timeouts.js';

/** Host every local server binds to: loopback only, never a public interface. */
export const LOOPBACK = '127.0.0.1';

/**
 * A TCP port on 127.0.0.1 that the OS reports free right now. Another process may take it before the
 * server binds it; callers retry with a fresh port when the server exits early.
 */
export function findFreePort(): Promise<number> {
  const probe = new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, LOOPBACK, () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => (port > 0 ? resolve(port) : reject(new Error('the OS gave no free port'))));
    });
  });
  return withTimeout(probe, 5_000, 'finding a free port');
}
