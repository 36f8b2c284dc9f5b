/**
 * What an error of the catalogue is, and the entries every area shares: the generic HTTP-level
 * errors and the errors about the network and the caller. The catalogue itself (errors.ts) spreads
 * these and each area's entries; codes are negative integers, as the spec's `-38`.
 */

export interface ErrorDefinition {
  readonly status: number;
  readonly code: number;
  readonly title: string;
  readonly message: string;
  /** Seconds a client waits before trying again: the gateway sends them as `Retry-After` (RFC 9110 §10.2.3). */
  readonly retryAfterSeconds?: number;
}

/** Generic HTTP-level errors (raised by the gateway). */
export const httpErrors = {
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
  // A network-less path whose caller's token acts in several networks and that names none: a rule
  // of the caller's token, not of the request's schema (the `network` parameter is optional).
  NETWORK_NOT_NAMED: {
    status: 400,
    code: -18,
    title: 'Bad Request',
    message: 'The request names no network: add ?network=<EID or subdomain>, or use a token of one network.',
  },
  // Spec: deprecated whitelisting properties replaced by their parent object (2025.1.0). A rule of
  // the negotiated version, not of the schema (older versions accept the same list).
  WHITELIST_PROPERTY_REPLACED: {
    status: 400,
    code: -19,
    title: 'Bad Request',
    message:
      'A whitelisted property was replaced by its parent object in API version 2025.1.0; whitelist the parent instead.',
  },
  URI_TOO_LONG: {
    status: 414,
    code: -20,
    title: 'URI Too Long',
    message: 'A segment of the request path is too long.',
  },
  // Spec: "Invalid date range → custom error code -38".
  INVALID_DATE_RANGE: { status: 400, code: -38, title: 'Bad Request', message: 'The date range is invalid.' },
} as const satisfies Record<string, ErrorDefinition>;

/** Errors about the network and the caller, raised by every area of auth (1xx). */
export const networkErrors = {
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
} as const satisfies Record<string, ErrorDefinition>;

export interface ErrorDetail {
  /** JSON pointer of the offending field, e.g. `/body/title` or `/query/limit`. */
  readonly pointer: string;
  readonly message: string;
}

/** The error member of a failed RPC reply. */
export interface WireError {
  readonly status: number;
  readonly code: number;
  readonly name: string;
  readonly message: string;
  readonly details?: readonly ErrorDetail[];
}
