/**
 * The relative imports between the source files of a workspace, read as text (type-only imports
 * count too: they tie files together for a reader just the same), for the structure tests.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

export const repoRoot = join(import.meta.dirname, '..', '..');

/** The non-test TypeScript files under `dir` (relative to the repository), as repository paths. */
export function sourcesOf(dir: string): string[] {
  return readdirSync(join(repoRoot, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => normalize(join(dir, file)));
}

const IMPORT = /(?:import|export)[^'"]*?from\s+'(\.[^']+)'/g;

/** Each file and the files it imports. */
export function importGraph(files: readonly string[]): Map<string, string[]> {
  return new Map(
    files.map((file) => {
      const text = readFileSync(join(repoRoot, file), 'utf8');
      const targets = [...text.matchAll(IMPORT)].map((match) =>
        normalize(join(dirname(file), match[1]!.replace(/\.js$/, '.ts'))),
      );
      return [file, targets];
    }),
  );
}

/** Every import circle of the graph, each as the nodes around it. */
export function circlesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const circles: string[][] = [];
  const visit = (node: string, path: string[]) => {
    state.set(node, 'open');
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') circles.push([...path.slice(path.indexOf(next)), node, next]);
      else if (!state.has(next)) visit(next, [...path, node]);
    }
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node, []);
  return circles;
}
