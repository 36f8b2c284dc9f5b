/**
 * `Retry-After` on every 503 and 429, whoever answered: a gateway of the test's own lets one
 * request at a time reach each service and none wait (its bulkhead is full at once: 503), and a
 * person's sixth live stream on the stack's gateway is refused (429); the rate limiter's 429 keeps
 * its own wait (platform/rate-limit.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, mediaType } from '../../support/api.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import { streamPath } from '../../support/factories/stream.js';
import { startExtraGateway, type ExtraGateway } from '../../support/extra-gateway.js';

afterAll(closeFactories);

let gateway: ExtraGateway;
let network: TestNetwork;
let token: string;

beforeAll(async () => {
  gateway = await startExtraGateway('retry-after', { RPC_MAX_IN_FLIGHT: '1', RPC_MAX_QUEUED: '0' });
  network = await newNetwork('Retry-After');
  token = await network.admin.token();
});

afterAll(async () => {
  await gateway?.stop();
});

const get = (path: string, signal?: AbortSignal, base = gateway.url) =>
  fetch(`${base}${path}`, {
    headers: { authorization: `Bearer ${token}`, accept: mediaType() },
    ...(signal ? { signal } : {}),
  });

describe('Retry-After', () => {
  it('comes with a 503 of a full bulkhead', async () => {
    const path = `/networks/${network.networkEID}/users/`;
    expect((await get(path)).status).toBe(200); // the token is looked up and kept
    const answers = await Promise.all(Array.from({ length: 12 }, () => get(path)));
    const busy = answers.filter((answer) => answer.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    for (const answer of busy) expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it("comes with the 429 of a person's sixth live stream", async () => {
    const abort = new AbortController();
    try {
      const streams = [];
      for (let n = 0; n < 6; n++)
        streams.push(await get(streamPath(network.networkEID), abort.signal, baseUrl()));
      const refused = streams.at(-1)!;
      expect(streams.slice(0, 5).map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      abort.abort();
    }
  });
});
