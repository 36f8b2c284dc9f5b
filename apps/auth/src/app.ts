/**
 * The auth service as a module: its models and its handlers by NATS subject, assembled from its
 * areas (`oauth/`, `directory/`, `groups/`, `settings/`, `apps/`: each with its models, rules and
 * handler map). `main.ts` hosts it; service tests build it in process against real NATS and the
 * real store.
 */
import { routesOf } from '@ncs/contracts';
import { bindRoutes, type ServiceModule, type ServiceRuntime } from '@ncs/service-kit';
import { DEFAULT_SECRET_HASH_LOG2_COST, setSecretHashCost } from './oauth/secrets.js';
import type { AuthConfig } from './config.js';
import type { AuthDependencies } from './dependencies.js';
import { appsHandlers } from './apps/handlers.js';
import { loadDemoData } from './directory/demo-data.js';
import { directoryHandlers } from './directory/handlers.js';
import { migrateProfileNames } from './directory/profile-names-migration.js';
import { ScheduledItemsCounts } from './directory/scheduled-items.js';
import { groupsHandlers } from './groups/handlers.js';
import { internalHandlers } from './internal-handlers.js';
import { registerAuthModels, type AuthModels } from './models.js';
import { oauthHandlers } from './oauth/handlers.js';
import { signInRulesFrom } from './oauth/sign-in-rules.js';
import { SignInThrottle } from './oauth/sign-in-throttle.js';
import { settingsHandlers } from './settings/handlers.js';
// Directory: account operations.
import { accountHandlers } from './account/handlers.js';
// Directory: group operations and app permissions.
import { groupOpsHandlers } from './groups/ops-handlers.js';
import { SigningSecretBox } from './apps/signing-secret-box.js';
// Directory: network operations.
import { networkAdminHandlers } from './network-admin/handlers.js';
import { syncHandlers } from './sync/handlers.js';
// Directory: branding.
import { brandingHandlers } from './branding/handlers.js';
// Directory (group operations): relations, users add/merge, widgets.
import { groupDirectoryHandlers } from './groups/directory/handlers.js';

/**
 * Handlers of every route the auth service owns, by route id: the areas' maps. A constant: the
 * conformance test lists it without a database (`@ncs/auth/testing`).
 */
export const authHandlers = {
  ...oauthHandlers,
  ...directoryHandlers,
  ...groupsHandlers,
  ...settingsHandlers,
  ...appsHandlers,
  // Directory: account operations.
  ...accountHandlers,
  // Directory: group operations and app permissions.
  ...groupOpsHandlers,
  // Directory: network operations.
  ...networkAdminHandlers,
  ...syncHandlers,
  // Directory: branding.
  ...brandingHandlers,
  // Directory (group operations): relations, users add/merge, widgets.
  ...groupDirectoryHandlers,
};

export function buildAuthService(
  runtime: ServiceRuntime,
  config: AuthConfig,
): ServiceModule & { models: AuthModels } {
  const models = registerAuthModels(runtime.db);
  setSecretHashCost(config.SECRET_HASH_LOG2_COST);
  if (config.SECRET_HASH_LOG2_COST < DEFAULT_SECRET_HASH_LOG2_COST) {
    runtime.logger.warn(
      { log2Cost: config.SECRET_HASH_LOG2_COST },
      'SECRET_HASH_LOG2_COST is below the production cost: new password hashes are weak (test stacks only)',
    );
  }
  const scheduledItems = new ScheduledItemsCounts(runtime.rpc);
  let scheduledItemsNotices: { unsubscribe(): void } | undefined;
  const dependencies: AuthDependencies = {
    models,
    events: runtime.outbox,
    rpc: runtime.rpc,
    networkDomain: config.NETWORK_DOMAIN,
    signInThrottle: new SignInThrottle(models.SignInAttempt, signInRulesFrom(config)),
    // Directory: app signing secrets encrypted at rest.
    signingSecrets: new SigningSecretBox(config.APP_SIGNING_SECRET_KEY),
    scheduledItems,
    manifestRules: { allowPrivateWebhookTargets: config.WEBHOOK_ALLOW_PRIVATE_TARGETS },
  };
  const handlers = new Map([
    ...Object.entries(internalHandlers(models, config.NETWORK_DOMAIN)),
    ...bindRoutes(routesOf('auth'), authHandlers, dependencies),
  ]);
  return {
    models,
    handlers,
    async start() {
      scheduledItemsNotices = scheduledItems.listen(runtime.nats, runtime.logger);
      await migrateProfileNames(models, runtime.logger);
      if (config.DEMO_DATA) {
        await loadDemoData(
          models,
          {
            password: config.DEMO_PASSWORD,
            clientId: config.DEMO_CLIENT_ID,
            clientSecret: config.DEMO_CLIENT_SECRET,
            app: {
              clientId: config.DEMO_APP_CLIENT_ID,
              clientSecret: config.DEMO_APP_CLIENT_SECRET,
              redirectUri: config.DEMO_APP_REDIRECT_URI,
            },
          },
          runtime.logger,
        );
      }
    },
    stop() {
      scheduledItemsNotices?.unsubscribe();
      return Promise.resolve();
    },
  };
}
