/**
 * What tests may use of the auth service's internals (`@ncs/auth/testing`): nothing else of `src/`
 * is imported from outside the app (the lint boundary, eslint.config.js).
 */
export { authHandlers } from './app.js';
export { verifySignedRequest } from './apps/signed-requests.js';
export {
  ensureAccount,
  ensureClient,
  ensureEmaillessAccount,
  ensureMembership,
  ensureNetwork,
  installApp,
} from './directory/provisioning.js';
export { groupMemberProfileEIDs } from './groups/memberships.js';
export { registerAuthModels, type AuthModels } from './models.js';
export { newOpaqueToken, setSecretHashCost, sha256 } from './core/secrets.js';
