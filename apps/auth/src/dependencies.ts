/**
 * What the auth service's handlers use: its models, the outbox its domain events go through, and
 * the RPC client for asking other services.
 */
import type { Outbox, RpcClient } from '@ncs/service-kit';
import type { AuthModels } from './models.js';
import type { SignInThrottle } from './oauth/sign-in-throttle.js';
import type { SigningSecretBox } from './apps/signing-secret-box.js';
import type { ScheduledItemsCounts } from './directory/scheduled-items.js';

/** Where domain events are recorded (the transactional outbox, ARCHITECTURE §6). */
export type EventSink = Pick<Outbox, 'record'>;

/** What an app manifest may hold that depends on the deployment. */
export interface ManifestRules {
  /** Webhook URLs may name private targets (WEBHOOK_ALLOW_PRIVATE_TARGETS: development and test stacks). */
  readonly allowPrivateWebhookTargets: boolean;
}

export interface AuthDependencies {
  readonly models: AuthModels;
  readonly events: EventSink;
  readonly rpc: RpcClient;
  /** Parent domain of the networks' own hosts (`<subdomain>.<networkDomain>`), from the config. */
  readonly networkDomain: string;
  /** Failed sign-ins per account and address (password grant, sign-in form). */
  readonly signInThrottle: SignInThrottle;
  /** Directory: app signing secrets encrypted at rest. */
  readonly signingSecrets: SigningSecretBox;
  /** The network resource's `_user.numScheduledItems`, messaging's, cached per person. */
  readonly scheduledItems: ScheduledItemsCounts;
  /** What an app manifest may hold that depends on the deployment (private webhook targets). */
  readonly manifestRules: ManifestRules;
}
