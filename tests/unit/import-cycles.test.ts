/**
 * No import circle in any workspace (issue "Structure"): a module that both imports and is imported
 * by another, directly or around a loop, wants its shared part in a file of its own (STYLE.md §12).
 * Type-only imports count too: they tie the files together for a reader just the same.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const workspaces = ['apps', 'packages'].flatMap((top) =>
  readdirSync(join(root, top)).map((name) => join(top, name, 'src')),
);

function sourcesOf(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => normalize(join(dir, file)));
}

const IMPORT = /(?:import|export)[^'"]*?from\s+'(\.[^']+)'/g;

function importGraph(files: readonly string[]): Map<string, string[]> {
  return new Map(
    files.map((file) => {
      const text = readFileSync(join(root, file), 'utf8');
      const targets = [...text.matchAll(IMPORT)].map((match) =>
        normalize(join(dirname(file), match[1]!.replace(/\.js$/, '.ts'))),
      );
      return [file, targets];
    }),
  );
}

/** Every import circle of the graph, each as the files around it. */
function circlesOf(graph: Map<string, string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const circles: string[][] = [];
  const visit = (file: string, path: string[]) => {
    state.set(file, 'open');
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') circles.push([...path.slice(path.indexOf(next)), file, next]);
      else if (!state.has(next)) visit(next, [...path, file]);
    }
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file, []);
  return circles;
}

describe('import circles', () => {
  it('finds a circle when there is one (the check can fail)', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(circlesOf(graph)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
  });

  it.each(workspaces)('%s has none', (workspace) => {
    const circles = circlesOf(importGraph(sourcesOf(workspace)));
    expect(circles.map((circle) => circle.map((file) => relative(workspace, file)).join(' → '))).toEqual([]);
  });
});
