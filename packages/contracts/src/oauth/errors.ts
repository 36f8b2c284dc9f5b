/**
 * Errors of the OAuth 2.0 authorization server: codes -119 … -129. Spread into the catalogue (errors.ts); docs/errors.md lists them in the same order.
 */
import type { ErrorDefinition } from '../core/errors.js';

export const oauthErrors = {
  // OAuth 2.0 token endpoint (RFC 6749 §5.2); the gateway answers these as `{ error, error_description }`.
  OAUTH_INVALID_REQUEST: {
    status: 400,
    code: -120,
    title: 'Bad Request',
    message: 'The token request is missing a parameter or is malformed.',
  },
  OAUTH_INVALID_CLIENT: {
    status: 401,
    code: -121,
    title: 'Unauthorized',
    message: 'Client authentication failed.',
  },
  OAUTH_INVALID_GRANT: {
    status: 400,
    code: -122,
    title: 'Bad Request',
    message: 'The grant is invalid, expired, revoked or was issued to another client.',
  },
  OAUTH_UNAUTHORIZED_CLIENT: {
    status: 400,
    code: -123,
    title: 'Bad Request',
    message: 'The client may not use this grant type.',
  },
  OAUTH_UNSUPPORTED_GRANT_TYPE: {
    status: 400,
    code: -124,
    title: 'Bad Request',
    message: 'The grant type is not supported.',
  },
  OAUTH_INVALID_SCOPE: { status: 400, code: -125, title: 'Bad Request', message: 'The scope is invalid.' },
  // Authorization page (`/auth`): shown as an HTML error page, never redirected to the client.
  OAUTH_UNKNOWN_CLIENT: {
    status: 400,
    code: -126,
    title: 'Bad Request',
    message: 'The client_id is missing or unknown.',
  },
  OAUTH_INVALID_REDIRECT_URI: {
    status: 400,
    code: -127,
    title: 'Bad Request',
    message: 'The redirect_uri is missing or not registered for this client.',
  },
  OAUTH_FORM_EXPIRED: {
    status: 400,
    code: -128,
    title: 'Bad Request',
    message: 'The sign-in form has expired or was already used; start again from the application.',
  },
  OAUTH_INSUFFICIENT_SCOPE: {
    status: 403,
    code: -129,
    title: 'Forbidden',
    message: "The access token's scope does not cover this request.",
  },
  // `/auth?idp=`: an id the network has not configured is a page, never a redirect to what was asked.
  OAUTH_UNKNOWN_IDENTITY_PROVIDER: {
    status: 400,
    code: -119,
    title: 'Bad Request',
    message: 'The network has no enabled identity provider with this id.',
  },
} as const satisfies Record<string, ErrorDefinition>;
