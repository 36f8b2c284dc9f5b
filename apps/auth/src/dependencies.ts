/**
 * The one object every area's handlers are given: core's dependencies over the whole app's models,
 * and what single areas add (`<area>/dependencies.ts`). It satisfies each area's own type, so
 * `bindRoutes` can hand it to every map.
 */
import type { AccountDependencies } from './account/dependencies.js';
import type { AppsDependencies } from './apps/dependencies.js';
import type { CoreDependencies } from './core/dependencies.js';
import type { DirectoryDependencies } from './directory/dependencies.js';
import type { AuthModels } from './models.js';
import type { OAuthDependencies } from './oauth/dependencies.js';

export interface AuthDependencies
  extends
    CoreDependencies<AuthModels>,
    Omit<AccountDependencies, 'models'>,
    Omit<AppsDependencies, 'models'>,
    Omit<DirectoryDependencies, 'models'>,
    Omit<OAuthDependencies, 'models'> {}
