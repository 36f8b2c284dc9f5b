/**
 * Every `pattern` of the document compiles as the gateway's validator (ajv) compiles it: with
 * JavaScript's `u` flag, which reads characters above U+FFFF as one code point and refuses
 * escapes that mean nothing (`\-` outside a class, `\/`, …).
 */
import { describe, expect, it } from 'vitest';
import { routes } from '../routes.js';
import { buildOpenApiDocument } from './document.js';

const DATA_KEYWORDS = new Set(['const', 'default', 'enum', 'examples', 'example']);

function patternsIn(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) patternsIn(item, found);
  else if (typeof node === 'object' && node !== null)
    for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
      if (key === 'pattern' && typeof value === 'string') found.add(value);
      else if (key === 'patternProperties' && typeof value === 'object' && value !== null) {
        for (const name of Object.keys(value)) found.add(name);
        patternsIn(value, found);
      } else if (!DATA_KEYWORDS.has(key)) patternsIn(value, found);
    }
  return found;
}

describe('patterns', () => {
  const patterns = new Set([
    ...patternsIn(buildOpenApiDocument({ baseUrl: 'https://api.ncs.example', vendor: 'ncs' })),
    // The route table's own schemas: query `patternProperties` are not in the document.
    ...patternsIn(JSON.parse(JSON.stringify(routes)) as unknown),
  ]);

  it('finds the patterns', () => {
    expect(patterns.size).toBeGreaterThan(20);
  });

  it.each([...patterns].map((pattern) => [pattern]))('compiles %s with the u flag', (pattern) => {
    expect(() => new RegExp(pattern, 'u')).not.toThrow();
  });
});
