/** What the account area (the caller's own settings, presence, sessions) reads and is given. */
import type { EphemeralPublisher } from '@ncs/service-kit';
import type { CoreDependencies } from '../core/dependencies.js';
import type { CoreModels } from '../core/models.js';
import type { AccountModels } from './models.js';

export interface AccountStore extends CoreModels, AccountModels {}

export interface AccountDependencies extends CoreDependencies<AccountStore> {
  /** Presence changes reach the live streams as ephemeral events (never stored). */
  readonly ephemeral: EphemeralPublisher;
}
