import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { ephemeralPortRange, findFreePort, LOOPBACK } from './ports.js';

describe('findFreePort', () => {
  it('picks a port below the ephemeral range, which the caller can bind', async () => {
    const range = { low: 32_768, high: 60_999 };
    for (let i = 0; i < 20; i += 1) {
      const port = await findFreePort(range);
      expect(port).toBeGreaterThanOrEqual(10_000);
      expect(port).toBeLessThan(range.low);
    }
    const port = await findFreePort(range);
    const server = net.createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, LOOPBACK, resolve);
    });
    await new Promise((resolve) => server.close(resolve));
  });

  it("falls back to the OS's choice without a known range, or with no room below it", async () => {
    expect(await findFreePort(undefined)).toBeGreaterThan(0);
    expect(await findFreePort({ low: 10_010, high: 60_999 })).toBeGreaterThan(0);
  });

  it('reads the kernel range, and nothing from a text that is not one', () => {
    expect(ephemeralPortRange(() => '32768\t60999\n')).toEqual({ low: 32_768, high: 60_999 });
    expect(ephemeralPortRange(() => 'nonsense')).toBeUndefined();
    expect(
      ephemeralPortRange(() => {
        throw new Error('ENOENT');
      }),
    ).toBeUndefined();
  });
});
