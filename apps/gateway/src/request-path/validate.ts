/**
 * Request validation with ajv against the route table's schemas for the negotiated version
 * (ARCHITECTURE §3.3). Path and query values arrive as strings and are coerced; bodies are not.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import {
  inVersionRange,
  isVersionedSchema,
  LONE_SURROGATE_MESSAGE,
  loneSurrogatePointers,
  queryValidationOptions,
  type RouteDefinition,
} from '@ncs/contracts';
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

export function compileRouteValidator(route: RouteDefinition): RouteValidator {
  const params = route.params ? coercing.compile(route.params) : undefined;
  const query = route.query ? coercing.compile(route.query) : undefined;
  const integerParams = numericQueryParams(route.query);
  const bodyVariants = compileBody(route);
  return {
    validate(version, input, locations = ['params', 'query', 'body']) {
      const validators: Record<Location, () => ValidateFunction | undefined> = {
        params: () => params,
        query: () => query,
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
  if (!body) return () => undefined;
  if (!isVersionedSchema(body)) {
    const validate = strictTypes.compile(body);
    return () => validate;
  }
  const variants = body.variants.map((variant) => ({
    range: variant.range,
    validate: strictTypes.compile(variant.schema),
  }));
  return (version) => variants.find((variant) => inVersionRange(version, variant.range))?.validate;
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
