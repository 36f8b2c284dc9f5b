/**
 * Demo data created on first start (unless disabled): two networks, three people, a first-party
 * client and a third-party app for the authorization-code flow (`npm run demo:code-flow`), with a
 * redirect URI on the local machine, installed in `acme`. Idempotent: a second start creates
 * nothing twice.
 */
import type { Logger } from '@ncs/service-kit';
import type { AuthModels } from './models.js';
import {
  ensureAccount,
  ensureClient,
  ensureMembership,
  ensureNetwork,
  installApp,
} from './directory/provisioning.js';

export interface DemoSettings {
  readonly password: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** The third-party app of the code-flow demo (a 24-hex app EID), its secret and redirect URI. */
  readonly app: { readonly clientId: string; readonly clientSecret: string; readonly redirectUri: string };
}

/** The network the third-party demo app is installed in. */
const DEMO_APP_NETWORK = 'acme';

const demoNetworks = [
  {
    subdomain: 'acme',
    name: 'Acme Corp',
    people: [
      { email: 'alice@acme.example', firstName: 'Alice', lastName: 'Anders', role: 'admin' },
      { email: 'bob@acme.example', firstName: 'Bob', lastName: 'Berg', role: 'member' },
    ],
  },
  {
    subdomain: 'globex',
    name: 'Globex',
    people: [{ email: 'gina@globex.example', firstName: 'Gina', lastName: 'Gold', role: 'admin' }],
  },
] as const;

export async function loadDemoData(
  models: AuthModels,
  settings: DemoSettings,
  logger: Logger,
): Promise<void> {
  await ensureClient(models, {
    clientId: settings.clientId,
    name: 'NCS demo app',
    secret: settings.clientSecret,
    firstParty: true,
    grantTypes: ['password', 'refresh_token'],
  });
  await ensureClient(models, {
    clientId: settings.app.clientId,
    name: 'NCS demo third-party app',
    secret: settings.app.clientSecret,
    firstParty: false,
    grantTypes: ['authorization_code', 'refresh_token', 'client_credentials'],
    redirectUris: [settings.app.redirectUri],
  });
  for (const spec of demoNetworks) {
    const network = await ensureNetwork(models, { subdomain: spec.subdomain, name: spec.name });
    for (const person of spec.people) {
      const accountId = await ensureAccount(models, { ...person, password: settings.password });
      // Names are set per network, on the profile: another network never sees them.
      await ensureMembership(models, {
        networkEID: String(network._id),
        accountId,
        role: person.role,
        firstName: person.firstName,
        lastName: person.lastName,
      });
    }
    if (spec.subdomain === DEMO_APP_NETWORK)
      await installApp(models, { networkEID: String(network._id), clientId: settings.app.clientId });
    logger.info({ networkEID: String(network._id), subdomain: spec.subdomain }, 'demo network ready');
  }
}
