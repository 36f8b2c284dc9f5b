/**
 * The error catalogue: every error the platform answers with, its HTTP status and its numeric code.
 * Services throw `DomainError`s built from these entries; only the gateway turns them into HTTP
 * (`application/problem+json`, RFC 9457). Codes are negative integers, as the spec's `-38`.
 */
import { appsErrors } from './errors-apps.js';
import { directoryErrors } from './errors-directory.js';
import { groupsErrors } from './errors-groups.js';
import { settingsErrors } from './errors-settings.js';

export interface ErrorDefinition {
  readonly status: number;
  readonly code: number;
  readonly title: string;
  readonly message: string;
}

function define<T extends Record<string, ErrorDefinition>>(catalogue: T): T {
  return catalogue;
}

export const errorCatalogue = define({
  // Generic HTTP-level errors (raised by the gateway).
  BAD_REQUEST: { status: 400, code: -1, title: 'Bad Request', message: 'The request is malformed.' },
  VALIDATION_FAILED: {
    status: 400,
    code: -2,
    title: 'Bad Request',
    message: 'The request does not match the schema.',
  },
  UNAUTHENTICATED: {
    status: 401,
    code: -3,
    title: 'Unauthorized',
    message: 'A valid access token is required.',
  },
  FORBIDDEN: {
    status: 403,
    code: -4,
    title: 'Forbidden',
    message: 'You do not have permission to do this.',
  },
  NOT_FOUND: { status: 404, code: -5, title: 'Not Found', message: 'The resource does not exist.' },
  ROUTE_NOT_FOUND: { status: 404, code: -6, title: 'Not Found', message: 'No such route.' },
  METHOD_NOT_ALLOWED: {
    status: 405,
    code: -7,
    title: 'Method Not Allowed',
    message: 'The method is not allowed on this resource.',
  },
  NOT_ACCEPTABLE: {
    status: 406,
    code: -8,
    title: 'Not Acceptable',
    message: 'The requested media type or API version is not supported.',
  },
  CONFLICT: {
    status: 409,
    code: -9,
    title: 'Conflict',
    message: 'The request conflicts with the current state.',
  },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    code: -10,
    title: 'Payload Too Large',
    message: 'The request body is too large.',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    code: -11,
    title: 'Unsupported Media Type',
    message: 'The request body media type is not supported.',
  },
  TOO_MANY_REQUESTS: {
    status: 429,
    code: -12,
    title: 'Too Many Requests',
    message: 'Rate limit exceeded; retry later.',
  },
  INTERNAL: { status: 500, code: -13, title: 'Internal Server Error', message: 'Internal error.' },
  SERVICE_UNAVAILABLE: {
    status: 503,
    code: -14,
    title: 'Service Unavailable',
    message: 'The owning service is unavailable.',
  },
  SERVICE_TIMEOUT: {
    status: 504,
    code: -15,
    title: 'Gateway Timeout',
    message: 'The owning service did not answer in time.',
  },
  HEADERS_TOO_LARGE: {
    status: 431,
    code: -16,
    title: 'Request Header Fields Too Large',
    message: 'The request line or headers are too large.',
  },
  REQUEST_TIMEOUT: {
    status: 408,
    code: -17,
    title: 'Request Timeout',
    message: 'The request was not received in time.',
  },
  URI_TOO_LONG: {
    status: 414,
    code: -20,
    title: 'URI Too Long',
    message: 'A segment of the request path is too long.',
  },
  // Spec: "Invalid date range → custom error code -38".
  INVALID_DATE_RANGE: { status: 400, code: -38, title: 'Bad Request', message: 'The date range is invalid.' },

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
  // Auth and directory (1xx).
  AUTH_ERR_NETWORK_NOT_FOUND: {
    status: 404,
    code: -101,
    title: 'Not Found',
    message: 'The network does not exist.',
  },
  AUTH_ERR_PROFILE_NOT_FOUND: {
    status: 404,
    code: -102,
    title: 'Not Found',
    message: 'The profile does not exist.',
  },
  AUTH_ERR_NOT_NETWORK_ADMIN: {
    status: 403,
    code: -103,
    title: 'Forbidden',
    message: 'Only network administrators may do this.',
  },
  // Knowledge base (2xx).
  KB_ERR_CATEGORY_NOT_FOUND: {
    status: 404,
    code: -201,
    title: 'Not Found',
    message: 'The knowledge-base category does not exist.',
  },
  KB_ERR_PAGE_NOT_FOUND: {
    status: 404,
    code: -202,
    title: 'Not Found',
    message: 'The knowledge-base page does not exist.',
  },
  KB_ERR_MANAGE_PERMISSION_REQUIRED: {
    status: 403,
    code: -203,
    title: 'Forbidden',
    message: 'This needs the permission MANAGE_KNOWLEDGE_BASE.',
  },
  KB_ERR_PAGE_EDIT_FORBIDDEN: {
    status: 403,
    code: -204,
    title: 'Forbidden',
    message: 'Only administrators and the managers of the category may edit its pages.',
  },
  KB_ERR_PARENT_NOT_TOP_LEVEL: {
    status: 400,
    code: -205,
    title: 'Bad Request',
    message: 'A parent category must be a top-level category of the network.',
  },
  KB_ERR_CATEGORY_NOT_EMPTY: {
    status: 409,
    code: -206,
    title: 'Conflict',
    message: 'The category still has child categories or pages.',
  },
  KB_ERR_MANAGER_TOP_LEVEL_ONLY: {
    status: 400,
    code: -207,
    title: 'Bad Request',
    message: 'Managers can only be assigned to a top-level category.',
  },
  KB_ERR_MANAGER_PROFILE_NOT_FOUND: {
    status: 400,
    code: -208,
    title: 'Bad Request',
    message: 'The profile is not an active member of this network.',
  },
  KB_ERR_MANAGER_EXTERNAL_PROFILE: {
    status: 400,
    code: -209,
    title: 'Bad Request',
    message: 'An external profile cannot manage a category.',
  },
  KB_ERR_MANAGER_NOT_FOUND: {
    status: 404,
    code: -210,
    title: 'Not Found',
    message: 'The profile is not a manager of this category.',
  },
  KB_ERR_PUBLISHED_PAGE_EMPTY: {
    status: 400,
    code: -211,
    title: 'Bad Request',
    message: 'A published page needs a non-empty title and body.',
  },
  ...directoryErrors,
  ...groupsErrors,
  ...settingsErrors,
  ...appsErrors,
} as const);

export type ErrorName = keyof typeof errorCatalogue;

export interface ErrorDetail {
  /** JSON pointer of the offending field, e.g. `/body/title` or `/query/limit`. */
  readonly pointer: string;
  readonly message: string;
}

/** An error of the domain, carried over NATS as `{ status, code, name, message, details }`. */
export class DomainError extends Error {
  readonly status: number;
  readonly code: number;
  readonly errorName: ErrorName;
  readonly details: readonly ErrorDetail[] | undefined;
  /** Messages of errors below 500 are shown to clients; others are replaced by a generic text. */
  readonly expose: boolean;

  constructor(name: ErrorName, message?: string, details?: readonly ErrorDetail[]) {
    const def = errorCatalogue[name];
    super(message ?? def.message);
    this.name = 'DomainError';
    this.errorName = name;
    this.status = def.status;
    this.code = def.code;
    this.details = details;
    this.expose = def.status < 500;
  }

  toWire(): WireError {
    return {
      status: this.status,
      code: this.code,
      name: this.errorName,
      message: this.expose ? this.message : errorCatalogue.INTERNAL.message,
      ...(this.details ? { details: this.details } : {}),
    };
  }
}

/** The error member of a failed RPC reply. */
export interface WireError {
  readonly status: number;
  readonly code: number;
  readonly name: string;
  readonly message: string;
  readonly details?: readonly ErrorDetail[];
}

export function isErrorName(value: string): value is ErrorName {
  return Object.hasOwn(errorCatalogue, value);
}
