import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { isVersionedSchema, type RouteDefinition } from './route-definition.js';
import { routes } from '../routes.js';
import {
  ABSOLUTE_HTTP_URL_PATTERN,
  hygieneMessage,
  hygienePatternMessages,
  IMAGE_URL_PATTERN,
  loneSurrogatePointers,
  NAME_OR_EMPTY_PATTERN,
  NAME_PATTERN,
  TEXT_PATTERN,
} from './text-hygiene.js';

const matches = (pattern: string, value: string) => new RegExp(pattern, 'u').test(value);

describe('the hygiene patterns', () => {
  const controls = ['\u0000', '\u0001', '\u0008', '\u000b', '\u000c', '\u001b', '\u007f', '\u0085', '\u009f'];

  it.each([TEXT_PATTERN, NAME_PATTERN, NAME_OR_EMPTY_PATTERN])(
    'refuses C0/C1 controls anywhere (%#)',
    (pattern) => {
      for (const c of controls) {
        expect(matches(pattern, `Ann${c}`), JSON.stringify(c)).toBe(false);
        expect(matches(pattern, `${c}Ann`), JSON.stringify(c)).toBe(false);
      }
    },
  );

  it('text keeps tab, line feed and carriage return, and any character above U+FFFF', () => {
    expect(matches(TEXT_PATTERN, 'line one\r\n\tline two')).toBe(true);
    expect(matches(TEXT_PATTERN, 'smile \u{1F600} and 漢字 é')).toBe(true);
    expect(matches(TEXT_PATTERN, '')).toBe(true);
    expect(matches(TEXT_PATTERN, '\u200b')).toBe(true);
  });

  it('a name needs a visible character, on one line', () => {
    for (const good of ['Ann', ' Ann ', 'Ø', '\u{1F600}', '李', 'a\u200bb', '-']) {
      expect(matches(NAME_PATTERN, good), JSON.stringify(good)).toBe(true);
    }
    for (const bad of [
      '',
      ' ',
      '   ',
      '\u200b',
      '\u00a0\u3000',
      '\ufeff',
      '\u2800',
      '\u3164',
      '\u{E0041}',
      'a\nb',
      'a\tb',
    ]) {
      expect(matches(NAME_PATTERN, bad), JSON.stringify(bad)).toBe(false);
    }
    expect(matches(NAME_OR_EMPTY_PATTERN, '')).toBe(true);
    expect(matches(NAME_OR_EMPTY_PATTERN, ' ')).toBe(false);
    expect(matches(NAME_OR_EMPTY_PATTERN, 'Ann')).toBe(true);
  });

  it('URLs refuse spaces and controls', () => {
    expect(matches(IMAGE_URL_PATTERN, 'https://cdn.example/a.png')).toBe(true);
    expect(matches(IMAGE_URL_PATTERN, '/files/a.png')).toBe(true);
    expect(matches(ABSOLUTE_HTTP_URL_PATTERN, 'https://x.example/p?q#f')).toBe(true);
    for (const bad of ['https://x.example/a b', 'https://x.example/\u0000', 'https://x.example/\u0085']) {
      expect(matches(IMAGE_URL_PATTERN, bad), JSON.stringify(bad)).toBe(false);
      expect(matches(ABSOLUTE_HTTP_URL_PATTERN, bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('lone surrogates are found by loneSurrogatePointers, keys included; pairs are fine', () => {
    expect(loneSurrogatePointers({ a: 'ok \u{1F600}', b: ['x', 'half \ud800'], 'k/\udc00': 1 })).toEqual([
      '/b/1',
      '/k~1\udc00',
    ]);
    expect(loneSurrogatePointers('\ud83d\ude00')).toEqual([]);
  });

  it('never names a surrogate, and spells code points above U+FFFF literally (Rust and Python read them too)', () => {
    for (const pattern of Object.keys(hygienePatternMessages)) {
      expect(pattern).not.toMatch(/\\u[dD][89a-fA-F]/);
      expect(pattern).not.toMatch(/\\u\{|\\U/);
      expect(() => new RegExp(pattern, 'u')).not.toThrow();
    }
  });

  it('each has a readable message', () => {
    expect(hygieneMessage(TEXT_PATTERN)).toContain('control characters');
    expect(hygieneMessage(NAME_PATTERN)).toContain('visible character');
    expect(hygieneMessage('^[a-z]+$')).toBeUndefined();
  });
});

// ---------------------------------------------------------------------------------------------
// Every string a request can carry obeys the rule

/** Formats whose grammar is ASCII without controls (ajv-formats), so they are hygienic already. */
const CLOSED_FORMATS = new Set(['date', 'date-time', 'email', 'uri']);
/** Keys that hold a name or a title: they need the name rule, not just the text rule. */
const NAME_KEY = /^(name|title|label|[a-z]+(Name|Title|Label))$/;

/**
 * A pattern that can only match printable ASCII it names: no `.`, no negated class, no `\S`-like
 * escape, no code point escape, nothing outside printable ASCII inside a class.
 */
export function isClosedPattern(pattern: string): boolean {
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '.') return false;
    if (c === '\\') {
      const next = pattern[++i] ?? '';
      if (/[SWDPpux]/.test(next)) return false;
      continue;
    }
    if (c === '[') {
      if (pattern[i + 1] === '^') return false;
      const end = pattern.indexOf(']', i + 1);
      const body = pattern.slice(i + 1, end);
      if (/\\[SWDPpuxs]/.test(body) || /[^\x20-\x7e]/.test(body)) return false;
      i = end;
    }
  }
  return true;
}

interface StringSite {
  readonly where: string;
  readonly key: string;
  readonly schema: Record<string, unknown>;
}

function stringSites(node: unknown, where: string, key: string, out: StringSite[]): void {
  if (typeof node !== 'object' || node === null) return;
  const schema = node as Record<string, unknown>;
  if (schema.type === 'string') out.push({ where, key, schema });
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === 'properties' || keyword === 'patternProperties') {
      for (const [name, child] of Object.entries(value as Record<string, unknown>))
        stringSites(child, `${where}/${name}`, name, out);
    } else if (['items', 'additionalProperties', 'not', 'propertyNames'].includes(keyword)) {
      stringSites(value, `${where}/${keyword === 'items' ? '*' : keyword}`, key, out);
    } else if (['anyOf', 'oneOf', 'allOf'].includes(keyword)) {
      for (const child of value as unknown[]) stringSites(child, where, key, out);
    }
  }
}

function requestStrings(route: RouteDefinition): StringSite[] {
  const out: StringSite[] = [];
  if (route.params) stringSites(route.params, `${route.id} params`, '', out);
  if (route.query) stringSites(route.query, `${route.id} query`, '', out);
  const body = route.body;
  if (body && isVersionedSchema(body))
    body.variants.forEach((v, i) => stringSites(v.schema, `${route.id} body[${i}]`, '', out));
  else if (body) stringSites(body, `${route.id} body`, '', out);
  return out;
}

const sites = routes.flatMap(requestStrings);

function verdict(site: StringSite): string | null {
  const { schema, key } = site;
  // Files and folders: a multipart file part is bytes, not text.
  if (schema.format === 'binary') return null;
  if ('const' in schema || 'enum' in schema) return null;
  const pattern = typeof schema.pattern === 'string' ? schema.pattern : undefined;
  const closed =
    (typeof schema.format === 'string' && CLOSED_FORMATS.has(schema.format)) ||
    (pattern !== undefined && isClosedPattern(pattern));
  if (NAME_KEY.test(key) && !closed) {
    return pattern === NAME_PATTERN || pattern === NAME_OR_EMPTY_PATTERN
      ? null
      : 'a name without the name rule';
  }
  if (closed) return null;
  return pattern !== undefined && hygieneMessage(pattern) !== undefined
    ? null
    : 'free text without the text rule';
}

describe('every string of every request (params, query, body, all versions)', () => {
  it('finds the strings of the route table', () => {
    expect(sites.length).toBeGreaterThan(100);
  });

  it('obeys the text rule, and names and titles the name rule', () => {
    const offenders = sites.flatMap((site) => {
      const why = verdict(site);
      return why ? [`${site.where}: ${why}`] : [];
    });
    expect(offenders).toEqual([]);
  });

  it('the closed-pattern test tells strict patterns from loose ones', () => {
    expect(isClosedPattern('^[0-9a-f]{24}$')).toBe(true);
    expect(isClosedPattern('^[A-Za-z0-9._:@-]+$')).toBe(true);
    expect(isClosedPattern('^(0|[1-9]\\d*)$')).toBe(true);
    expect(isClosedPattern('\\S')).toBe(false);
    expect(isClosedPattern('^[^\\s]+$')).toBe(false);
    expect(isClosedPattern('^a.b$')).toBe(false);
    expect(isClosedPattern('^[\\u0000-\\u00ff]$')).toBe(false);
  });

  it('compiles under ajv strict mode with the u flag (as the gateway validates)', () => {
    const ajv = new Ajv({ strict: true, allErrors: true });
    addFormats.default(ajv);
    for (const site of sites) expect(() => ajv.compile(site.schema), site.where).not.toThrow();
  });
});
