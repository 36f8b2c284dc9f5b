/**
 * Demo data created on first start (unless disabled): two networks, three people and a
 * first-party client. Idempotent: a second start creates nothing twice.
 */
import type { Logger } from '@ncs/service-kit';
import type { AuthModels } from '../models/index.js';
import { ensureAccount, ensureClient, ensureMembership, ensureNetwork } from './provisioning.js';

export interface DemoSettings {
  readonly password: string;
  readonly clientId: string;
  readonly clientSecret: string;
}

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
    logger.info({ networkEID: String(network._id), subdomain: spec.subdomain }, 'demo network ready');
  }
}
