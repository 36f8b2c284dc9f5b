/**
 * Error mapping (ARCHITECTURE §9): every JSON error is an RFC 9457 problem (`application/problem+json`)
 * with the platform's numeric `code`, the `requestId`, and field-level `errors` from validation.
 *
 * - `type` is `/docs/problems/<kebab-case error name>` for catalogue errors (e.g.
 *   `/docs/problems/invalid-date-range`), made absolute with the API's base URL when sent
 *   (`withAbsoluteType`): a page the gateway serves (`pages.ts`). `about:blank` otherwise.
 * - `title` is the standard HTTP status text, never a custom one (spec: Errors).
 * - A 5xx never shows its message or details: `detail` is the generic "Internal error." and the
 *   real cause goes to the log and the trace with the request id (STYLE §6).
 */
import { STATUS_CODES } from 'node:http';
import {
  errorCatalogue,
  hygieneMessage,
  isErrorName,
  type ErrorDetail,
  type ErrorName,
  type WireError,
} from '@ncs/contracts';

export const PROBLEM_MEDIA_TYPE = 'application/problem+json';
/** The path of the problem type pages (`pages.ts`). */
export const PROBLEM_TYPE_PATH = '/docs/problems/';

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance?: string;
  code: number;
  requestId: string;
  errors?: readonly ErrorDetail[];
  [extra: string]: unknown;
}

/**
 * The fields of an ajv 8 `ErrorObject` this module reads, declared here so the gateway does not
 * depend on one ajv copy's types (Fastify's validation errors have the same shape).
 */
export interface AjvErrorObject {
  readonly keyword: string;
  readonly instancePath: string;
  readonly schemaPath: string;
  readonly params: Readonly<Record<string, unknown>>;
  readonly message?: string;
}

const GENERIC_SERVER_ERROR = errorCatalogue.INTERNAL.message;

/** `AUTH_ERR_NETWORK_NOT_FOUND` → `auth-err-network-not-found`. */
export function problemSlug(name: string): string {
  return name.toLowerCase().replaceAll('_', '-');
}

/** `AUTH_ERR_NETWORK_NOT_FOUND` → `/docs/problems/auth-err-network-not-found` (relative to the API). */
export function problemTypeFor(name: string): string {
  return isErrorName(name) ? `${PROBLEM_TYPE_PATH}${problemSlug(name)}` : 'about:blank';
}

/** The problem with its `type` resolved against the API's base URL (`https://api.example/base`). */
export function withAbsoluteType(problem: Problem, baseUrl: string): Problem {
  return problem.type.startsWith('/')
    ? { ...problem, type: `${baseUrl.replace(/\/$/, '')}${problem.type}` }
    : problem;
}

export function statusText(status: number): string {
  return STATUS_CODES[status] ?? (status >= 500 ? 'Internal Server Error' : 'Bad Request');
}

/** A status a service sent that is not an HTTP error status is a bug of that service: answered as 500. */
function errorStatus(status: number): number {
  return Number.isInteger(status) && status >= 400 && status <= 599 ? status : errorCatalogue.INTERNAL.status;
}

interface ProblemParts {
  readonly name: string;
  readonly status: number;
  readonly code: number;
  readonly detail: string;
  readonly requestId: string;
  readonly instance?: string | undefined;
  readonly errors?: readonly ErrorDetail[] | undefined;
}

function buildProblem(parts: ProblemParts, extra: Readonly<Record<string, unknown>> = {}): Problem {
  const exposed = parts.status < 500;
  const errors = exposed && parts.errors && parts.errors.length > 0 ? parts.errors : undefined;
  // Standard members last: an extension member can never replace them.
  return {
    ...extra,
    type: problemTypeFor(parts.name),
    title: statusText(parts.status),
    status: parts.status,
    detail: exposed ? parts.detail : GENERIC_SERVER_ERROR,
    ...(parts.instance !== undefined ? { instance: parts.instance } : {}),
    code: parts.code,
    requestId: parts.requestId,
    ...(errors ? { errors } : {}),
  };
}

/** A failed RPC reply as a problem. An invalid status becomes 500 with the INTERNAL code. */
export function problemFromWireError(error: WireError, requestId: string, instance?: string): Problem {
  const status = errorStatus(error.status);
  const valid = status === error.status;
  return buildProblem({
    name: valid ? error.name : 'INTERNAL',
    status,
    code: valid ? error.code : errorCatalogue.INTERNAL.code,
    detail: error.message,
    requestId,
    instance,
    errors: error.details,
  });
}

/** A catalogue error as a problem; `detail` defaults to the catalogue message (and is ignored for a 5xx). */
export function problemFromName(
  name: ErrorName,
  requestId: string,
  detail?: string,
  extra?: { errors?: readonly ErrorDetail[]; instance?: string; [k: string]: unknown },
): Problem {
  const definition = errorCatalogue[name];
  const { errors, instance, ...extensions } = extra ?? {};
  return buildProblem(
    {
      name,
      status: definition.status,
      code: definition.code,
      detail: detail ?? definition.message,
      requestId,
      instance,
      errors,
    },
    extensions,
  );
}

// ---------------------------------------------------------------------------------------------
// Schema validation errors

const LOCATION_DETAIL: Record<'params' | 'query' | 'body', string> = {
  params: 'The path parameters do not match the schema.',
  query: 'The query parameters do not match the schema.',
  body: 'The request body does not match the schema.',
};

/** RFC 6901 escaping of one reference token. */
export function pointerToken(name: string): string {
  return name.replaceAll('~', '~0').replaceAll('/', '~1');
}

function stringParam(error: AjvErrorObject, name: string): string | undefined {
  const value = error.params[name];
  return typeof value === 'string' ? value : undefined;
}

/** The field an error is about: for `required` and `additionalProperties`, the named property. */
function fieldPointer(error: AjvErrorObject, location: string): string {
  const property =
    error.keyword === 'required'
      ? stringParam(error, 'missingProperty')
      : error.keyword === 'additionalProperties'
        ? stringParam(error, 'additionalProperty')
        : undefined;
  return `/${location}${error.instancePath}${property !== undefined ? `/${pointerToken(property)}` : ''}`;
}

function listOf(values: unknown): string {
  return Array.isArray(values) ? values.map((v) => JSON.stringify(v)).join(', ') : String(values);
}

function readableMessage(error: AjvErrorObject): string {
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'is not allowed';
    case 'type':
      return `must be of type ${listOf(error.params.type).replaceAll('"', '')}`;
    case 'enum':
      return `must be one of ${listOf(error.params.allowedValues)}`;
    case 'const':
      return `must be ${JSON.stringify(error.params.allowedValue)}`;
    case 'format':
      return `must be a valid ${stringParam(error, 'format') ?? 'value'}`;
    case 'pattern':
      return hygieneMessage(stringParam(error, 'pattern') ?? '') ?? error.message ?? 'is invalid';
    case 'anyOf':
      return 'does not match any of the allowed forms';
    case 'oneOf':
      // Both forms at once (say, a person named by `profileEID` and by `profile`) is its own mistake.
      return Array.isArray(error.params.passingSchemas)
        ? 'matches more than one of the allowed forms: use one'
        : 'does not match any of the allowed forms';
    default:
      return error.message ?? 'is invalid';
  }
}

/** Errors inside the branches of a failed `anyOf`/`oneOf` are noise next to the composite error. */
function withoutBranchErrors(errors: readonly AjvErrorObject[]): AjvErrorObject[] {
  const composites = errors
    .filter((error) => error.keyword === 'anyOf' || error.keyword === 'oneOf')
    .map((error) => `${error.schemaPath}/`);
  return errors.filter((error) => !composites.some((prefix) => error.schemaPath.startsWith(prefix)));
}

/** One detail per failing field; several failures of one field are joined. */
function detailsOf(errors: readonly AjvErrorObject[], location: string): ErrorDetail[] {
  const messages = new Map<string, string[]>();
  for (const error of withoutBranchErrors(errors)) {
    const pointer = fieldPointer(error, location);
    const list = messages.get(pointer) ?? [];
    const message = readableMessage(error);
    if (!list.includes(message)) list.push(message);
    messages.set(pointer, list);
  }
  return [...messages].map(([pointer, list]) => ({ pointer, message: list.join('; ') }));
}

/** Schema validation errors of one request part as a VALIDATION_FAILED problem. */
export function problemFromAjvErrors(
  errors: readonly AjvErrorObject[],
  location: 'params' | 'query' | 'body',
  requestId: string,
  instance?: string,
): Problem {
  return problemFromName('VALIDATION_FAILED', requestId, LOCATION_DETAIL[location], {
    errors: detailsOf(errors, location),
    ...(instance !== undefined ? { instance } : {}),
  });
}
