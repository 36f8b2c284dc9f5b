/**
 * The auth service as a module: its models and its handlers by NATS subject, assembled from its
 * areas, each built on `core/` (callers, permissions, the shared collections, token revocation)
 * and on the areas it lists (src/structure.test.ts). `main.ts` hosts it; service tests build it in
 * process against real NATS and the real store.
 */
import { routesOf } from '@ncs/contracts';
import { bindRoutes, ephemeralPublisher, type ServiceModule, type ServiceRuntime } from '@ncs/service-kit';
import { accountHandlers } from './account/handlers.js';
import { appsHandlers } from './apps/handlers.js';
import { SigningSecretBox } from './apps/signing-secret-box.js';
import { brandingHandlers } from './branding/handlers.js';
import type { AuthConfig } from './config.js';
import { DEFAULT_SECRET_HASH_LOG2_COST, setSecretHashCost } from './core/secrets.js';
import { loadDemoData } from './demo-data.js';
import type { AuthDependencies } from './dependencies.js';
import { directoryHandlers } from './directory/handlers.js';
import { migrateProfileNames } from './directory/profile-names-migration.js';
import { ScheduledItemsCounts } from './directory/scheduled-items.js';
import { groupStructureHandlers } from './group-structure/handlers.js';
import { groupsHandlers } from './groups/handlers.js';
import { groupOpsHandlers } from './groups/ops-handlers.js';
import { internalHandlers } from './internal-handlers.js';
import { registerAuthModels, type AuthModels } from './models.js';
import { networkAdminHandlers } from './network-admin/handlers.js';
import { oauthHandlers } from './oauth/handlers.js';
import { signInRulesFrom } from './oauth/sign-in-rules.js';
import { SignInThrottle } from './oauth/sign-in-throttle.js';
import { settingsHandlers } from './settings/handlers.js';
import { syncHandlers } from './sync/handlers.js';
import { whoamiHandlers } from './whoami/handlers.js';

/**
 * Handlers of every route the auth service owns, by route id: the areas' maps. A constant: the
 * conformance test lists it without a database (`@ncs/auth/testing`).
 */
export const authHandlers = {
  ...oauthHandlers,
  ...directoryHandlers,
  ...whoamiHandlers,
  ...groupsHandlers,
  ...groupOpsHandlers,
  ...groupStructureHandlers,
  ...settingsHandlers,
  ...brandingHandlers,
  ...appsHandlers,
  ...accountHandlers,
  ...networkAdminHandlers,
  ...syncHandlers,
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
    signingSecrets: new SigningSecretBox(config.APP_SIGNING_SECRET_KEY),
    scheduledItems,
    manifestRules: { allowPrivateWebhookTargets: config.WEBHOOK_ALLOW_PRIVATE_TARGETS },
    ephemeral: ephemeralPublisher(runtime.nats, runtime.logger),
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
