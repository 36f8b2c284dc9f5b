/**
 * No import circle in any workspace: a module that both imports and is imported
 * by another, directly or around a loop, wants its shared part in a file of its own (STYLE.md §12).
 * Type-only imports count too: they tie the files together for a reader just the same.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { circlesOf, importGraph, repoRoot, sourcesOf } from '../support/source-imports.js';

const workspaces = ['apps', 'packages'].flatMap((top) =>
  readdirSync(join(repoRoot, top)).map((name) => join(top, name, 'src')),
);

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
