/**
 * What the OAuth server reads and is given: its own collections (authorization requests and codes,
 * sign-in attempts), the apps' (grants, SSO) and the directory's (accounts, networks).
 */
import type { AppsStore } from '../apps/dependencies.js';
import type { CoreDependencies } from '../core/dependencies.js';
import type { DirectoryStore } from '../directory/dependencies.js';
import type { OAuthModels } from './models.js';
import type { SignInThrottle } from './sign-in-throttle.js';

export interface OAuthStore extends AppsStore, DirectoryStore, OAuthModels {}

export interface OAuthDependencies extends CoreDependencies<OAuthStore> {
  /** Failed sign-ins per account and address (password grant, sign-in form). */
  readonly signInThrottle: SignInThrottle;
}
