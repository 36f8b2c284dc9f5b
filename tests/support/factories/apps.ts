/**
 * Test setup of the apps area: a third-party app is provisioned as an OAuth client (no API creates
 * clients); everything after that — its manifest, signing secret, installations — goes over HTTP.
 * Also the authorization-code flow driven as a browser would (copied from oauth/code-setup.ts).
 */
import { expect } from 'vitest';
import { baseUrl, call, type ApiResponse, type TokenPair } from '../api.js';
import { newClient, type TestNetwork, type TestPerson } from './core.js';

export const REDIRECT = 'https://app.example/callback';

export interface TestApp {
  readonly clientId: string;
  readonly secret: string;
  /** A fresh client-credentials token of the app. */
  token(): Promise<string>;
}

/** A third-party app (24-hex EID) with the client-credentials and authorization-code grants. */
export async function newApp(options: { name?: string; redirectUris?: string[] } = {}): Promise<TestApp> {
  const client = await newClient({
    eid: true,
    name: options.name ?? 'Test app',
    grantTypes: ['client_credentials', 'authorization_code', 'refresh_token'],
    redirectUris: options.redirectUris ?? [REDIRECT],
  });
  return { ...client, token: () => appToken(client) };
}

export async function appToken(client: { clientId: string; secret: string }): Promise<string> {
  const response = await call<TokenPair>('/oauth/v2/token', {
    accept: 'application/json',
    form: { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.secret },
  });
  if (response.status !== 200) throw new Error(`app token: ${response.status} ${response.text}`);
  return response.body.access_token;
}

export const minimalManifest = () => ({
  description: 'An app for tests',
  redirectUris: [REDIRECT],
  entryPoints: [{ name: 'main', context: 'external', url: 'https://app.example/open' }],
  permissions: ['list_groups', 'get_profiles'],
});

/** `PUT /apps/{appEID}/` as the app itself. */
export function putManifest(app: TestApp, manifest: unknown, token?: string) {
  return (async () =>
    call<Record<string, unknown>>(`/apps/${app.clientId}/`, {
      method: 'PUT',
      token: token ?? (await app.token()),
      json: manifest,
    }))();
}

/** Registers a manifest and fails the test if it is refused. */
export async function registerManifest(app: TestApp, manifest: unknown = minimalManifest()): Promise<void> {
  const response = await putManifest(app, manifest);
  expect([200, 201], response.text).toContain(response.status);
}

/** Creates the app's signing secret over HTTP; returns it and its key id. */
export async function newSigningSecret(app: TestApp): Promise<{ secret: string; keyId: string }> {
  const response = await call<{ secret: string; keyId: string }>(`/apps/${app.clientId}/signing-secret`, {
    method: 'POST',
    token: await app.token(),
  });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

export const appsPath = (networkEID: string, rest = '') => `/networks/${networkEID}/apps/${rest}`;

/** `POST /networks/{networkEID}/apps/` as `token`. */
export function install(networkEID: string, appEID: string, token: string): Promise<ApiResponse> {
  return call(appsPath(networkEID), { token, json: { appEID } });
}

/** Installs over HTTP as the network's administrator, failing the test if refused. */
export async function installOverHttp(network: TestNetwork, app: TestApp): Promise<void> {
  const response = await install(network.networkEID, app.clientId, await network.admin.token());
  expect([200, 201], response.text).toContain(response.status);
}

// ---------------------------------------------------------------------------------------------
// The authorization page, driven as a browser would (form posts, no redirects followed).

export interface Page {
  readonly status: number;
  readonly headers: Headers;
  readonly html: string;
  readonly location: URL | undefined;
}

export async function browse(path: string, formFields?: Record<string, string>): Promise<Page> {
  const url = path.startsWith('http') ? path : `${baseUrl()}${path}`;
  const response = await fetch(url, {
    method: formFields ? 'POST' : 'GET',
    redirect: 'manual',
    headers: formFields ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
    body: formFields ? new URLSearchParams(formFields).toString() : undefined,
    signal: AbortSignal.timeout(15_000),
  });
  const location = response.headers.get('location');
  return {
    status: response.status,
    headers: response.headers,
    html: await response.text(),
    location: location ? new URL(location) : undefined,
  };
}

export function formToken(page: Page): string {
  const token = /name="form_token" value="([^"]+)"/.exec(page.html)?.[1];
  if (!token) throw new Error(`no form token in the page (${page.status}): ${page.html.slice(0, 300)}`);
  return token;
}

export const authorizeUrl = (params: Record<string, string>) =>
  `/auth?${new URLSearchParams(params).toString()}`;

/** Opens the authorization page for `app` in `network`; returns the page (or its redirect). */
export function openAuthorization(app: TestApp, network: TestNetwork, extra: Record<string, string> = {}) {
  return browse(
    authorizeUrl({
      client_id: app.clientId,
      redirect_uri: REDIRECT,
      scope: 'profile.basic.read',
      state: 'st-apps',
      network: network.subdomain,
      ...extra,
    }),
  );
}

/** Signs `person` in on an open login page; returns the consent page. */
export async function signIn(login: Page, person: TestPerson): Promise<Page> {
  expect(login.status, login.html).toBe(200);
  const consent = await browse('/auth', {
    form_token: formToken(login),
    action: 'login',
    email: person.email,
    password: person.password,
  });
  expect(consent.status, consent.html).toBe(200);
  return consent;
}

/** Signs in and accepts; returns where the browser was sent. */
export async function authorize(app: TestApp, network: TestNetwork, person: TestPerson): Promise<URL> {
  const consent = await signIn(await openAuthorization(app, network), person);
  const done = await browse('/auth', { form_token: formToken(consent), action: 'accept' });
  expect(done.status, done.html).toBe(303);
  return done.location!;
}

/** The code exchange (RFC 6749 §4.1.3). */
export function exchangeCode(app: TestApp, code: string) {
  return call<Partial<TokenPair> & { error?: string; error_description?: string }>('/oauth/v2/token', {
    accept: 'application/json',
    form: {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      client_id: app.clientId,
      client_secret: app.secret,
    },
  });
}

/** A code-flow token of `person` for `app` in `network` (the app must be installed there). */
export async function codeFlowToken(app: TestApp, network: TestNetwork, person: TestPerson) {
  const location = await authorize(app, network, person);
  const code = location.searchParams.get('code');
  expect(code, location.href).toBeTruthy();
  const token = await exchangeCode(app, code!);
  expect(token.status, token.text).toBe(200);
  return token.body as TokenPair;
}

/** Polls until `path` answers `status` with `token`, for at most `ms`; returns the elapsed time. */
export async function answersWithin(
  path: string,
  token: string,
  status: number,
  ms: number,
): Promise<number> {
  const started = Date.now();
  for (;;) {
    const response = await call(path, { token });
    if (response.status === status) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`${path} still answers ${response.status} after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
