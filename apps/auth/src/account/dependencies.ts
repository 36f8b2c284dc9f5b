/** What the account area (the caller's own settings, presence, sessions) reads and is given. */
import type { CoreDependencies } from '../core/dependencies.js';
import type { CoreModels } from '../core/models.js';
import type { AccountModels } from './models.js';

export interface AccountStore extends CoreModels, AccountModels {}

export type AccountDependencies = CoreDependencies<AccountStore>;
