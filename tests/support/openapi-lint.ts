/**
 * Lints an OpenAPI document read from stdin with Redocly's `recommended` ruleset and Spectral's
 * `spectral:oas`, and prints the problems as JSON. It runs as a child process of its test: vitest
 * starts workers with `--conditions import`, which makes Node load nimma's (a Spectral dependency)
 * broken ESM build even through `require`.
 */
import { createRequire } from 'node:module';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import type * as SpectralCore from '@stoplight/spectral-core';
import type * as SpectralParsers from '@stoplight/spectral-parsers';
import type * as SpectralRulesets from '@stoplight/spectral-rulesets';

export interface LintProblem {
  readonly linter: 'redocly' | 'spectral';
  readonly severity: 'error' | 'warn' | 'info';
  readonly rule: string;
  readonly where: string;
  readonly message: string;
}

interface SpectralResult {
  readonly code: string | number;
  readonly message: string;
  readonly path: readonly (string | number)[];
  readonly severity: number;
}

const SPECTRAL_SEVERITY = ['error', 'warn', 'info', 'info'] as const;

async function redocly(source: string): Promise<LintProblem[]> {
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({ source, absoluteRef: '/openapi.json', config });
  return problems.map((problem) => ({
    linter: 'redocly',
    severity: problem.severity,
    rule: problem.ruleId,
    where: problem.location[0]?.pointer ?? '',
    message: problem.message,
  }));
}

async function spectral(source: string): Promise<LintProblem[]> {
  // Spectral's CommonJS build: its ESM build imports nimma's, which Node cannot load.
  const require = createRequire(import.meta.url);
  const { Spectral, Document } = require('@stoplight/spectral-core') as typeof SpectralCore;
  const { Json } = require('@stoplight/spectral-parsers') as typeof SpectralParsers;
  const { oas } = require('@stoplight/spectral-rulesets') as typeof SpectralRulesets;
  const linter = new Spectral();
  linter.setRuleset({ extends: [[oas, 'recommended']] } as never);
  const results = (await linter.run(new Document(source, Json, '/openapi.json'))) as SpectralResult[];
  return results.map((result) => ({
    linter: 'spectral',
    severity: SPECTRAL_SEVERITY[result.severity] ?? 'info',
    rule: String(result.code),
    where: `#/${result.path.map((segment) => String(segment).replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`,
    message: result.message,
  }));
}

const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
const source = Buffer.concat(chunks).toString('utf8');
const problems = [...(await redocly(source)), ...(await spectral(source))];
process.stdout.write(JSON.stringify(problems));
