/**
 * What tests may use of the auth service's internals (`@ncs/auth/testing`): nothing else of `src/`
 * is imported from outside the app (the lint boundary, eslint.config.js).
 */
import { routeHandlers } from './app.js';

// TODO(structure): the typed constant map replaces this listing.
export const authHandlers = routeHandlers(() => {
  throw new Error('not called');
});
export { registerAuthModels, type AuthModels } from './models/index.js';
export { newOpaqueToken, sha256 } from './domain/secrets.js';
export { verifySignedRequest } from './domain/signed-requests.js';
export { groupMemberProfileEIDs } from './domain/group-memberships.js';
export * from './domain/provisioning.js';
