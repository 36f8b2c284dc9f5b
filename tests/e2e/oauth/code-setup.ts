/**
 * What the authorization-code flow tests share (code-page.test.ts, code-exchange.test.ts): a network
 * with a member and an app installed in it, and the `/auth` page driven as a browser would to a
 * signed-in decision.
 */
import { expect } from 'vitest';
import { authorizeUrl, browse, formToken, REDIRECT } from '../../support/factories/apps.js';
import {
  installApp,
  newClient,
  newNetwork,
  type TestNetwork,
  type TestPerson,
} from '../../support/factories/core.js';

export interface Setup {
  network: TestNetwork;
  person: TestPerson;
  client: { clientId: string; secret: string };
}

export async function setup(options: { name?: string } = {}): Promise<Setup> {
  const network = await newNetwork('Code flow network');
  const person = await network.newMember();
  const client = await newClient({
    eid: true,
    name: options.name ?? 'Test app',
    grantTypes: ['authorization_code', 'refresh_token'],
    redirectUris: [REDIRECT],
  });
  // An app signs users in only in networks it is installed in.
  await installApp(network.networkEID, client.clientId);
  return { network, person, client };
}

/** Signs in and accepts (or declines); returns where the browser was sent. */
export async function authorize(
  s: Setup,
  extra: Record<string, string> = {},
  decision: 'accept' | 'decline' = 'accept',
): Promise<URL> {
  const login = await browse(
    authorizeUrl({
      client_id: s.client.clientId,
      redirect_uri: REDIRECT,
      scope: 'profile.basic.read',
      state: 'st-123',
      network: s.network.subdomain,
      ...extra,
    }),
  );
  expect(login.status, login.html).toBe(200);
  const consent = await browse('/auth', {
    form_token: formToken(login),
    action: 'login',
    email: s.person.email,
    password: s.person.password,
  });
  expect(consent.status, consent.html).toBe(200);
  const done = await browse('/auth', { form_token: formToken(consent), action: decision });
  expect(done.status).toBe(303);
  return done.location!;
}
