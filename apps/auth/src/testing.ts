/**
 * What tests may use of the auth service's internals (`@ncs/auth/testing`): nothing else of `src/`
 * is imported from outside the app (the lint boundary, eslint.config.js).
 */
import { routeHandlers } from './app.js';

// TODO(structure): the typed constant map replaces this listing.
export const authHandlers = routeHandlers(() => {
  throw new Error('not called');
});
export { registerAuthModels, type AuthModels } from './models.js';
export { newOpaqueToken, sha256 } from './oauth/secrets.js';
