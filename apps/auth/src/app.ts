/**
 * The auth service as a module: its models and its handlers by NATS subject. `main.ts` hosts it;
 * service tests build it in process against real NATS and the real store.
 */
import { routesOf } from '@ncs/contracts';
import { bindRoutes, type ServiceModule, type ServiceRuntime } from '@ncs/service-kit';
import type { AuthConfig } from './config.js';
import type { AuthDependencies } from './dependencies.js';
import { loadDemoData } from './directory/demo-data.js';
import { migrateProfileNames } from './directory/profile-names-migration.js';
import { authHandlers } from './handlers.js';
import { internalHandlers } from './internal-handlers.js';
import { registerAuthModels, type AuthModels } from './models.js';
import { signInRulesFrom } from './oauth/sign-in-rules.js';
import { SignInThrottle } from './oauth/sign-in-throttle.js';

export function buildAuthService(
  runtime: ServiceRuntime,
  config: AuthConfig,
): ServiceModule & { models: AuthModels } {
  const models = registerAuthModels(runtime.db);
  const dependencies: AuthDependencies = {
    models,
    events: runtime.outbox,
    rpc: runtime.rpc,
    networkDomain: config.NETWORK_DOMAIN,
    signInThrottle: new SignInThrottle(models.SignInAttempt, signInRulesFrom(config)),
  };
  const handlers = new Map([
    ...Object.entries(internalHandlers(models, config.NETWORK_DOMAIN)),
    ...bindRoutes(routesOf('auth'), authHandlers, dependencies),
  ]);
  return {
    models,
    handlers,
    async start() {
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
  };
}
