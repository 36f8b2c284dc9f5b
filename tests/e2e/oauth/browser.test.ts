/**
 * The authorization-code flow in a real browser: headless Chromium signs in on `/auth`,
 * sees the app and the scope, accepts (or declines), and lands on the app's redirect URI, served
 * here on 127.0.0.1; the app then exchanges the code over HTTP and calls the API with the token.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, call, type TokenPair, type WhoamiBody } from '../../support/api.js';
import { launchChromium } from '../../support/browser.js';
import { closeFactories, installApp, newClient, newNetwork } from '../../support/factories/core.js';

let browser: Browser;
let receiver: Server;
let redirectUri: string;
const received: URLSearchParams[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/callback') received.push(url.searchParams); // not /favicon.ico
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end('<p id="done">Back in the app</p>');
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  redirectUri = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/callback`;
  browser = await launchChromium();
}, 600_000); // the first run on a new machine installs chromium (about one to two minutes)

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => receiver?.close(resolve));
  await closeFactories();
});

async function signInAndDecide(decision: 'accept' | 'decline') {
  const network = await newNetwork('Browser network');
  const person = await network.newMember();
  const client = await newClient({
    eid: true,
    name: 'Browser test app',
    grantTypes: ['authorization_code', 'refresh_token'],
    redirectUris: [redirectUri],
  });
  // An app signs users in only in networks it is installed in.
  await installApp(network.networkEID, client.clientId);
  const state = `state-${Date.now()}`;
  const query = new URLSearchParams({
    client_id: client.clientId,
    redirect_uri: redirectUri,
    scope: 'profile.basic.read',
    state,
    network: network.subdomain,
  });
  const page = await browser.newPage();
  try {
    await page.goto(`${baseUrl()}/auth?${query.toString()}`);
    await page.fill('#email', person.email);
    await page.fill('#password', person.password);
    await page.click('#sign-in');
    await page.waitForSelector('#accept');
    expect(await page.textContent('#app-name')).toBe('Browser test app');
    expect(await page.textContent('#scopes')).toContain('profile.basic.read');
    const before = received.length;
    await page.click(decision === 'accept' ? '#accept' : '#decline');
    await page.waitForSelector('#done');
    expect(received.length).toBe(before + 1);
    expect(page.url().startsWith(redirectUri)).toBe(true);
    return { params: received.at(-1)!, state, client, network };
  } finally {
    await page.close();
  }
}

describe('the consent page in headless Chromium', () => {
  it('signs in, accepts, and the app gets a code with the same state that buys a working token', async () => {
    const { params, state, client, network } = await signInAndDecide('accept');
    expect(params.get('state')).toBe(state);
    const code = params.get('code');
    expect(code).toBeTruthy();
    const token = await call<TokenPair>('/oauth/v2/token', {
      accept: 'application/json',
      form: {
        grant_type: 'authorization_code',
        code: code!,
        redirect_uri: redirectUri,
        client_id: client.clientId,
        client_secret: client.secret,
      },
    });
    expect(token.status, token.text).toBe(200);
    const whoami = await call<WhoamiBody>('/whoami/', { token: token.body.access_token });
    expect(whoami.status).toBe(200);
    expect(whoami.body.networks.map((n) => n.EID)).toContain(network.networkEID);
  });

  it('declines, and the app gets error=access_denied with the same state', async () => {
    const { params, state } = await signInAndDecide('decline');
    expect(params.get('error')).toBe('access_denied');
    expect(params.get('state')).toBe(state);
    expect(params.get('code')).toBeNull();
  });
});
