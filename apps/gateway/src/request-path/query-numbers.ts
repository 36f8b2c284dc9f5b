/**
 * Numbers in the query are plain decimal integers. ajv's coercion reads `1e400` as Infinity, `0x10`
 * as 16 and ` 5` as 5, and accepts integers beyond 2^53 that no longer compare exactly; this check
 * runs on the raw strings before coercion and names the parameter instead. The schema's `minimum`
 * and `maximum` then bound the value.
 */
import type { ErrorObject } from 'ajv';
import { pointerToken } from '../problems/problem.js';

interface NumberSchema {
  readonly type?: unknown;
}

const DECIMAL_INTEGER = /^-?(0|[1-9][0-9]*)$/;

/** Names of the top-level query properties declared `integer`. */
export function numericQueryParams(schema: { properties?: Record<string, unknown> } | undefined): string[] {
  return Object.entries(schema?.properties ?? {})
    .filter(([, property]) => {
      const type = (property as NumberSchema | undefined)?.type;
      return type === 'integer';
    })
    .map(([name]) => name);
}

function isPlainInteger(value: unknown): boolean {
  if (typeof value !== 'string') return true; // arrays and the rest: the schema's type check answers
  return DECIMAL_INTEGER.test(value) && Number.isSafeInteger(Number(value));
}

/** One error (ajv's shape) per named parameter whose raw value is not a plain, safe integer. */
export function queryNumberErrors(names: readonly string[], query: Record<string, unknown>): ErrorObject[] {
  return names
    .filter((name) => query[name] !== undefined && !isPlainInteger(query[name]))
    .map((name) => ({
      keyword: 'integer',
      instancePath: `/${pointerToken(name)}`,
      schemaPath: `#/properties/${pointerToken(name)}/type`,
      params: {},
      message: 'must be a decimal integer (digits only, at most 2^53 - 1)',
    }));
}
