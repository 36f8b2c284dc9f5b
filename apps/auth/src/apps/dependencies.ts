/** What the apps area reads and is given: core's collections and its own (manifests, signing keys, grants). */
import type { CoreDependencies } from '../core/dependencies.js';
import type { CoreModels } from '../core/models.js';
import type { AppsModels } from './models.js';
import type { SigningSecretBox } from './signing-secret-box.js';

export interface AppsStore extends CoreModels, AppsModels {}

/** What an app manifest may hold that depends on the deployment. */
export interface ManifestRules {
  /** Webhook URLs may name private targets (WEBHOOK_ALLOW_PRIVATE_TARGETS: development and test stacks). */
  readonly allowPrivateWebhookTargets: boolean;
}

export interface AppsDependencies extends CoreDependencies<AppsStore> {
  /** App signing secrets, encrypted at rest. */
  readonly signingSecrets: SigningSecretBox;
  /** What an app manifest may hold that depends on the deployment (private webhook targets). */
  readonly manifestRules: ManifestRules;
}
