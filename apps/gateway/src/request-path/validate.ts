/**
 * Request validation with ajv against the route table's schemas for the negotiated version
 * (ARCHITECTURE §3.3). Path and query values arrive as strings and are coerced; bodies are not.
 * A failure is a 400 problem naming the failing fields (`ValidationProblem`); so is an `embed=`
 * the route cannot honour.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import {
  DomainError,
  isVersionedSchema,
  LONE_SURROGATE_MESSAGE,
  loneSurrogatePointers,
  queryValidationOptions,
  type ErrorDetail,
  type RouteDefinition,
} from '@ncs/contracts';
import { InvalidEmbedError, parseEmbed, type EmbedTree } from '../hal/embed.js';
import { problemFromAjvErrors, problemFromName } from '../problems/problem.js';
import { variantFor } from '../version-gates.js';
import type { RouteInput } from './input.js';
import { numericQueryParams, queryNumberErrors } from './query-numbers.js';

export type Location = 'params' | 'query' | 'body';

export interface ValidationFailure {
  readonly location: Location;
  readonly errors: readonly ErrorObject[];
}

export interface RouteValidator {
  /**
   * Validates (and coerces in place) one request, `locations` in order (default: all); returns the
   * first failing location, or null.
   */
  validate(
    version: string,
    input: Record<Location, unknown>,
    locations?: readonly Location[],
  ): ValidationFailure | null;
}

function newAjv(options: { coerceTypes: boolean | 'array'; useDefaults: boolean }): Ajv {
  const ajv = new Ajv({ ...options, allErrors: true, strict: false, removeAdditional: false });
  addFormats.default(ajv);
  return ajv;
}

/** Path and query strings: coerced as contracts documents it (`queryValidationOptions`). */
const coercing = newAjv(queryValidationOptions);
const strictTypes = newAjv({ coerceTypes: false, useDefaults: true });

/**
 * Made on first use, then kept: a gateway compiles the validators of the routes it
 * serves, not of all ~200 at start-up (about 19 MB of resident memory, mostly compiled code and the
 * garbage of compiling). `validators.test.ts` compiles every one, so a bad schema still fails a test.
 */
function once<T>(make: () => T): () => T {
  let made: { readonly value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

/** Every validator of the route compiled now (tests: a schema that does not compile fails one). */
export function compileAllOf(route: RouteDefinition): number {
  let compiled = 0;
  if (route.params) compiled += Number(Boolean(coercing.compile(route.params)));
  if (route.query) compiled += Number(Boolean(coercing.compile(route.query)));
  const body = route.body;
  if (body && route.format !== 'upload') {
    const schemas = isVersionedSchema(body) ? body.variants.map((variant) => variant.schema) : [body];
    for (const schema of schemas) compiled += Number(Boolean(strictTypes.compile(schema)));
  }
  return compiled;
}

export function compileRouteValidator(route: RouteDefinition): RouteValidator {
  const params = once(() => (route.params ? coercing.compile(route.params) : undefined));
  const query = once(() => (route.query ? coercing.compile(route.query) : undefined));
  const integerParams = numericQueryParams(route.query);
  const bodyVariants = compileBody(route);
  return {
    validate(version, input, locations = ['params', 'query', 'body']) {
      const validators: Record<Location, () => ValidateFunction | undefined> = {
        params,
        query,
        body: () => bodyVariants(version),
      };
      for (const location of locations) {
        if (location === 'query') {
          const errors = queryNumberErrors(integerParams, (input.query ?? {}) as Record<string, unknown>);
          if (errors.length > 0) return { location, errors };
        }
        const surrogates = loneSurrogateErrors(input[location]);
        if (surrogates.length > 0) return { location, errors: surrogates };
        const validate = validators[location]();
        if (validate && !validate(input[location] ?? (location === 'body' ? undefined : {}))) {
          return { location, errors: validate.errors ?? [] };
        }
      }
      return null;
    },
  };
}

function compileBody(route: RouteDefinition): (version: string) => ValidateFunction | undefined {
  const body = route.body;
  // Files and folders: a multipart body is streamed and checked by apps/gateway/src/files/.
  if (!body || route.format === 'upload') return () => undefined;
  if (!isVersionedSchema(body)) return once(() => strictTypes.compile(body));
  const variants = body.variants.map((variant) => ({
    range: variant.range,
    validate: once(() => strictTypes.compile(variant.schema)),
  }));
  return (version) => variantFor(variants, version)?.validate();
}

/**
 * The text rule's half that no pattern can state portably (contracts' text-hygiene.ts): a string
 * anywhere in the input holding a lone surrogate, reported like a schema error of that field.
 */
function loneSurrogateErrors(value: unknown): ErrorObject[] {
  return loneSurrogatePointers(value).map((instancePath) => ({
    instancePath,
    schemaPath: '#/text',
    keyword: 'text',
    params: {},
    message: LONE_SURROGATE_MESSAGE,
  }));
}

/** Carries a ready problem (validation details) through Fastify's error handler. */
export class ValidationProblem extends DomainError {
  constructor(readonly problem: ReturnType<typeof problemFromAjvErrors>) {
    super('VALIDATION_FAILED', problem.detail, problem.errors);
  }
}

/** Validates (and coerces in place) `locations` of the input, in order; throws the first failure. */
export function validate(
  validator: RouteValidator,
  version: string,
  input: RouteInput,
  locations: readonly Location[],
  requestId: string,
): void {
  const failure = validator.validate(version, input, locations);
  if (failure) throw new ValidationProblem(problemFromAjvErrors(failure.errors, failure.location, requestId));
}

/** The relations asked for with `embed=`, each one the route declares embeddable (else 400). */
export function embedTreeFor(route: RouteDefinition, embed: unknown, requestId: string): EmbedTree {
  if (embed === undefined) return {};
  let tree: EmbedTree;
  try {
    tree = parseEmbed(typeof embed === 'string' ? embed : undefined);
  } catch (error) {
    if (error instanceof InvalidEmbedError) throw new EmbedProblem(error.detail, requestId);
    throw error;
  }
  const unknown = Object.keys(tree).filter((rel) => !(route.embeddable ?? []).includes(rel));
  if (unknown.length > 0) {
    const allowed = route.embeddable?.length ? route.embeddable.join(', ') : 'none';
    throw new EmbedProblem(
      { pointer: '/query/embed', message: `cannot embed ${unknown.join(', ')}; embeddable here: ${allowed}` },
      requestId,
    );
  }
  return tree;
}

class EmbedProblem extends ValidationProblem {
  constructor(detail: ErrorDetail, requestId: string) {
    super(
      problemFromName('VALIDATION_FAILED', requestId, 'The query does not match the schema.', {
        errors: [detail],
      }),
    );
  }
}
