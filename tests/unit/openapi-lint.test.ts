/**
 * The document the gateway serves at `/openapi.json`, checked by the linters off-the-shelf clients
 * and generators are checked with: Redocly's `recommended` ruleset and Spectral's `spectral:oas`.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { buildOpenApiDocument } from '@ncs/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LintProblem } from '../support/openapi-lint.js';

const script = join(import.meta.dirname, '..', 'support', 'openapi-lint.ts');
const document = buildOpenApiDocument({ baseUrl: 'https://api.ncs.example', vendor: 'ncs' });

function lint(source: unknown): LintProblem[] {
  // A plain Node, without the `--conditions` vitest gives its workers (see the script).
  const output = execFileSync(process.execPath, [script], {
    input: JSON.stringify(source),
    env: { ...process.env, NODE_OPTIONS: '' },
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(output.toString('utf8')) as LintProblem[];
}

function at(pointer: string): unknown {
  return pointer
    .slice(2)
    .split('/')
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
}

const ASTRAL = /[\u{10000}-\u{10FFFF}]/u;

/**
 * Spectral's findings that are not the document's fault, each set aside as narrowly as it can be
 * named. Everything else of severity `error` fails the test.
 */
const SET_ASIDE: readonly { readonly why: string; readonly applies: (problem: LintProblem) => boolean }[] = [
  {
    // Spectral compiles a `pattern` with `new RegExp(pattern)`, without the `u` flag JSON Schema's
    // validators (ajv) use. The text-hygiene patterns name characters above U+FFFF in ranges, which
    // only `u` reads as code points (Python and Rust read them alike); no spelling of such a range
    // compiles both ways. patterns.test.ts compiles every pattern with `u`.
    why: 'astral pattern compiled without u',
    applies: (problem) => {
      if (problem.rule !== 'oas3-schema' || !problem.message.includes('must match format "regex"'))
        return false;
      const pattern = at(problem.where);
      return typeof pattern === 'string' && ASTRAL.test(pattern);
    },
  },
  {
    // The same compilation, when Spectral validates an example against a schema holding such a
    // pattern: it cannot build the validator. examples.test.ts validates every example with ajv.
    why: 'example of a schema with an astral pattern',
    applies: (problem) =>
      problem.rule === 'oas3-valid-media-example' &&
      problem.message.startsWith('Invalid regular expression') &&
      ASTRAL.test(problem.message),
  },
  {
    // Spectral takes any object with `type` and `default` keys for a schema, also inside an
    // example (a network theme has both fields).
    why: 'example data taken for a schema',
    applies: (problem) => problem.rule === 'oas3-valid-schema-example' && problem.where.includes('/example/'),
  },
];

const setAside = (problem: LintProblem) => SET_ASIDE.some((rule) => rule.applies(problem));

function listed(problems: readonly LintProblem[], max = 20): string {
  return problems
    .slice(0, max)
    .map((p) => `${p.linter} ${p.rule} ${p.where}: ${p.message}`)
    .join('\n');
}

describe('the OpenAPI document under the usual linters', () => {
  let problems: LintProblem[] = [];
  // Spectral takes tens of seconds over the whole document on a loaded 2-core machine.
  beforeAll(() => {
    problems = lint(document);
  }, 180_000);

  it.each(['redocly', 'spectral'] as const)('has no error under %s', (linter) => {
    const errors = problems.filter((p) => p.linter === linter && p.severity === 'error' && !setAside(p));
    expect(errors, `${errors.length} errors:\n${listed(errors)}`).toEqual([]);
  });

  it.each(SET_ASIDE.map((rule) => [rule.why, rule] as const))(
    'still needs each set-aside (%s)',
    (_why, rule) => {
      expect(problems.some(rule.applies)).toBe(true);
    },
  );
});

/** The `pattern` of each path parameter of a path, from any of its operations. */
function parameterPatterns(path: string): Map<string, RegExp | undefined> {
  const patterns = new Map<string, RegExp | undefined>();
  for (const operation of Object.values(document.paths[path] ?? {})) {
    const parameters = (
      operation as { parameters?: { name: string; in: string; schema?: { pattern?: string } }[] }
    ).parameters;
    for (const parameter of parameters ?? []) {
      if (parameter.in !== 'path') continue;
      const pattern = parameter.schema?.pattern;
      patterns.set(parameter.name, pattern === undefined ? undefined : new RegExp(pattern, 'u'));
    }
  }
  return patterns;
}

/** Whether one URL could match both templated paths: segment by segment, given the parameters' patterns. */
function overlap(a: string, b: string): boolean {
  const as = a.split('/');
  const bs = b.split('/');
  if (as.length !== bs.length) return false;
  const pa = parameterPatterns(a);
  const pb = parameterPatterns(b);
  const parameter = (segment: string) => /^\{(\w+)\}$/u.exec(segment)?.[1];
  return as.every((sa, i) => {
    const sb = bs[i] ?? '';
    const na = parameter(sa);
    const nb = parameter(sb);
    if (na === undefined && nb === undefined) return sa === sb;
    if (na !== undefined && nb !== undefined) return true;
    // A literal against a parameter: the same URL matches both only if the parameter's pattern
    // admits the literal.
    const pattern = na === undefined ? pb.get(nb ?? '') : pa.get(na);
    const literal = na === undefined ? sa : sb;
    return pattern === undefined || pattern.test(literal);
  });
}

describe('paths a URL cannot confuse', () => {
  // Redocly's no-ambiguous-paths reads templates without their parameters' patterns: it warns of
  // `/users/{profileEID}/suspend` against the spec's own `/users/xid/{xid}`. An EID is 24 hex
  // characters, so `xid` never is one; this walk takes the patterns into account.
  it('has no two paths that one URL could match', () => {
    const paths = Object.keys(document.paths);
    const pairs: string[] = [];
    for (const [i, a] of paths.entries())
      for (const b of paths.slice(i + 1)) if (overlap(a, b)) pairs.push(`${a} ~ ${b}`);
    expect(pairs).toEqual([]);
  });

  it('tells a literal from an EID by its pattern', () => {
    expect(
      overlap('/networks/{networkEID}/users/{profileEID}/suspend', '/networks/{networkEID}/users/xid/{xid}'),
    ).toBe(false);
  });

  it('finds an overlap when a parameter admits the literal', () => {
    expect(overlap('/networks/{networkEID}/users/xid/{xid}', '/networks/{networkEID}/users/xid/me')).toBe(
      true,
    );
  });
});
