/**
 * Browsers, for real: a page on another origin (a server of the test's own, on another port) in
 * headless Chromium reads the network with a bearer token (a `fetch` that needs a preflight) and
 * opens the live stream with `EventSource` (the token in the query, as it can send no header); an
 * alert caused through the stack then reaches the page. The gateway is one of the test's own that
 * allows the page's origin and no other.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, mediaType } from '../../support/api.js';
import { launchChromium } from '../../support/browser.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import { messagesPath } from '../../support/factories/messages.js';
import { startExtraGateway, type ExtraGateway } from '../../support/extra-gateway.js';

afterAll(closeFactories);

let pages: Server;
let pageOrigin: string;
let gateway: ExtraGateway;
let browser: Browser;
let network: TestNetwork;
/** The page the server answers: set by the test before the browser asks for it. */
let pageHtml = '';

beforeAll(async () => {
  pages = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pageHtml);
  });
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  pageOrigin = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
  [gateway, browser, network] = await Promise.all([
    startExtraGateway('browser-cors', { CORS_ORIGINS: pageOrigin }),
    launchChromium(),
    newNetwork('Browser CORS'),
  ]);
}, 900_000);

afterAll(async () => {
  await browser?.close();
  await gateway?.stop();
  await new Promise((resolve) => pages?.close(resolve));
});

/** A page that reads the network and listens to the stream, leaving what it got on `window`. */
function appPage(networkEID: string, token: string): string {
  const settings = JSON.stringify({ api: gateway.url, networkEID, token, accept: mediaType() });
  return `<!doctype html><meta charset="utf-8"><title>app</title><script>
const { api, networkEID, token, accept } = ${settings};
window.got = { network: null, error: null, counters: false, alerts: [] };
fetch(api + '/networks/' + networkEID + '/', { headers: { Authorization: 'Bearer ' + token, Accept: accept } })
  .then(async (response) => { window.got.network = { status: response.status, etag: response.headers.get('ETag'), body: await response.json() }; })
  .catch((error) => { window.got.error = String(error); });
const stream = new EventSource(api + '/networks/' + networkEID + '/stream?access_token=' + encodeURIComponent(token));
stream.addEventListener('counters', () => { window.got.counters = true; });
stream.addEventListener('alert', (event) => { window.got.alerts.push(JSON.parse(event.data)); });
stream.onerror = () => { window.got.error = window.got.error ?? 'the stream failed'; };
</script>`;
}

interface Got {
  network: { status: number; etag: string | null; body: { EID?: string } } | null;
  error: string | null;
  counters: boolean;
  alerts: { alert: { subject?: { EID?: string } } }[];
}

describe('a browser page on another origin', () => {
  it('reads the network and receives a stream event', async () => {
    const person = await network.newMember();
    pageHtml = appPage(network.networkEID, await person.token());
    const page = await browser.newPage();
    try {
      await page.goto(`${pageOrigin}/app.html`);
      await page.waitForFunction(
        () => {
          const got = (globalThis as unknown as { got: Got }).got;
          return (got.network !== null && got.counters) || got.error !== null;
        },
        undefined,
        { timeout: 15_000 },
      );
      const read = await page.evaluate(() => (globalThis as unknown as { got: Got }).got);
      expect(read.error).toBeNull();
      expect(read.network).toMatchObject({ status: 200, body: { EID: network.networkEID } });
      expect(read.network?.etag, 'an exposed header').toMatch(/^"/);

      const posted = await call<{ EID: string }>(messagesPath(network.networkEID), {
        token: await network.admin.token(),
        json: { type: 'update', htmlBody: '<p>Hi</p>', mentions: [{ type: 'user', EID: person.profileEID }] },
      });
      expect(posted.status, posted.text).toBe(201);
      await page.waitForFunction(
        (messageEID) =>
          (globalThis as unknown as { got: Got }).got.alerts.some(
            (event) => event.alert.subject?.EID === messageEID,
          ),
        posted.body.EID,
        { timeout: 15_000 },
      );
    } finally {
      await page.close();
    }
  });
});
