/**
 * The layout of the auth service, enforced (STYLE.md §14): `core/` imports only `core/`; an area
 * folder imports only `core/`, itself and the areas `BUILDS_ON` lists for it, and the folders form
 * no cycle. The files at the top of src/ (app, models, dependencies, internal handlers, testing,
 * main, demo data) compose the areas and may import any of them. Reads the relative specifiers of
 * every non-test source file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = import.meta.dirname;

/**
 * Every area and the areas it builds on besides `core/`. Kept short: what more than one area reads
 * belongs in core; an area builds on another only for that area's own rules or readers.
 */
const BUILDS_ON: Readonly<Record<string, readonly string[]>> = {
  account: [],
  apps: [],
  labels: [],
  'network-admin': ['account', 'labels'],
  // A group's redirect URIs follow the apps' URL rule (apps/manifests.ts).
  groups: ['apps'],
  settings: ['apps', 'groups'],
  branding: ['settings'],
  // The network resource shows its terms and default theme; profile lists filter by groups.
  directory: ['groups', 'network-admin', 'settings'],
  whoami: ['directory'],
  oauth: ['apps', 'directory'],
  'group-structure': ['groups', 'directory'],
  search: ['directory', 'groups'],
  sync: ['directory'],
  chat: ['directory', 'settings'],
};
const AREAS = Object.keys(BUILDS_ON);

const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .map((file) => file.split(sep).join('/'))
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
  .sort();

const SPECIFIER = /(?:import|export)[^'"]*?from\s+'(\.{1,2}\/[^']+)'/g;

function importsOf(file: string): string[] {
  return [...readFileSync(join(SRC, file), 'utf8').matchAll(SPECIFIER)].map((match) =>
    relative(SRC, resolve(SRC, dirname(file), match[1]!.replace(/\.js$/, '.ts')))
      .split(sep)
      .join('/'),
  );
}

/** `core`, an area, or `top` (the composing files at the top of src/). */
const folderOf = (file: string) => (file.includes('/') ? file.split('/')[0]! : 'top');

/** The folder edges that break the layout, as `file -> target`. */
function outOfBounds(): string[] {
  return files.flatMap((file) => {
    const from = folderOf(file);
    if (from === 'top') return [];
    const allowed = new Set([from, 'core', ...(BUILDS_ON[from] ?? [])]);
    return importsOf(file)
      .filter((target) => !allowed.has(folderOf(target)))
      .map((target) => `${file} -> ${target}`);
  });
}

/** The folder graph as read from the imports (top left out: it composes). */
function folderGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const from = folderOf(file);
    if (from === 'top') continue;
    for (const target of importsOf(file)) {
      const to = folderOf(target);
      if (to === from || to === 'top') continue;
      graph.set(from, (graph.get(from) ?? new Set()).add(to));
    }
  }
  return graph;
}

/** A cycle of folders, as `a -> b -> a`, or undefined. */
function cycleIn(graph: ReadonlyMap<string, ReadonlySet<string>>): string | undefined {
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (node: string): string | undefined => {
    if (path.includes(node)) return [...path.slice(path.indexOf(node)), node].join(' -> ');
    if (done.has(node)) return undefined;
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    done.add(node);
    return undefined;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return undefined;
}

describe('auth layout', () => {
  it('reads the imports (the check can see an edge)', () => {
    expect(importsOf('app.ts')).toContain('oauth/handlers.ts');
    expect(folderGraph().get('search')).toContain('groups');
    expect(
      cycleIn(
        new Map([
          ['a', new Set(['b'])],
          ['b', new Set(['a'])],
        ]),
      ),
    ).toBe('a -> b -> a');
  });

  it('has every source file in core, an area, or at the top', () => {
    const folders = new Set(files.map(folderOf));
    expect([...folders].sort()).toEqual(['core', 'top', ...AREAS].sort());
  });

  it('keeps core free of areas and each area to core, itself and what it builds on', () => {
    expect(outOfBounds()).toEqual([]);
  });

  it('has no cycle between folders', () => {
    expect(cycleIn(folderGraph())).toBeUndefined();
    // The declared list is acyclic too, so following it cannot build one.
    const declared = new Map(AREAS.map((area) => [area, new Set(BUILDS_ON[area])]));
    expect(cycleIn(declared)).toBeUndefined();
  });
});
