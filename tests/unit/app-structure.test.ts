/**
 * The walls inside every app, enforced. Collapse each source file to its room (the folder under
 * src/ it lives in, or the file itself at the top of src/). Each app has a ground floor (its core
 * rooms, which import only one another) and areas, each of which imports only the core, itself and
 * the areas listed for it. Files at the top that are not core compose the app (app, handlers,
 * models, main…) and may import anything; nothing but a composer imports them. Every folder is
 * declared, every declared edge is used, and the rooms form no knot, so an area can be read, moved
 * and tested with the core and what it builds on, never the whole app.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph, repoRoot, sourcesOf } from '../support/source-imports.js';

interface Layout {
  /** The ground floor: rooms that import only one another. */
  readonly core: readonly string[];
  /** Every area and the areas it builds on besides the core. */
  readonly areas: Readonly<Record<string, readonly string[]>>;
}

const LAYOUTS: Readonly<Record<string, Layout>> = {
  gateway: {
    core: ['authentication', 'problems', 'hal', 'version-gates.ts', 'config.ts', 'table-route.ts'],
    areas: {
      'request-path': [],
      responders: ['request-path'],
      files: ['responders'],
      branding: ['files', 'responders'],
      'live-stream': ['responders', 'request-path'],
      'rate-limit': ['request-path'],
    },
  },
  auth: {
    core: ['core'],
    areas: {
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
    },
  },
  messaging: {
    // Message types and features plug into the core (messages/features.ts), listed at the root.
    core: ['messages'],
    areas: {
      idempotency: [],
      news: [],
      timelines: ['news'],
      tasks: [],
      polls: [],
      // Emoji reactions: a message feature with its own collection and routes.
      reactions: [],
      // Pins: the network timeline's pinned list is read as the network timeline is; a chat
      // message is pinned among its conversation's participants.
      pins: ['timelines', 'chat'],
      events: [],
      files: [],
      // Hashtags: a message feature with its follows; `search?tag=` reads its tag lists.
      tags: [],
      search: ['tags'],
      // Edit history: a message feature over the core.
      history: [],
      // Saved items: a message feature with its own collection and routes (kb pages asked of kb).
      saved: [],
      // Typing indicators: the throttled publisher, and typing in a message's comments.
      typing: [],
      // A conversation's typing indicator goes through the typing area's publisher.
      chat: ['typing'],
      assistant: ['chat'],
      // A journey posts tasks and reads profiles' timelines.
      journeys: ['tasks', 'timelines'],
      // The scheduler runs the news jobs with the scheduled items.
      scheduling: ['news'],
    },
  },
  'knowledge-base': {
    core: ['core'],
    areas: { home: [], categories: [], managers: [], pages: [] },
  },
  notifications: {
    core: ['alerts', 'config.ts', 'due-claims.ts', 'work-loop.ts'],
    areas: {
      'app-alerts': [],
      consumers: [],
      stream: [],
      whitelabel: [],
      devices: ['whitelabel'],
      push: ['devices', 'whitelabel'],
      // Webhook deliveries share push's sender of signed requests.
      webhooks: ['push'],
    },
  },
};

/** The room of a file: its first folder under src/, or the file itself at the top. */
const roomOf = (src: string, file: string) => relative(src, file).split(sep)[0]!;

/** Who imports whom across rooms, with one example file edge per room edge. */
function roomEdges(app: string): Map<string, Map<string, string>> {
  const src = join('apps', app, 'src');
  // `test/` folders hold support for unit tests only: not built, imported by no source file.
  const files = sourcesOf(src).filter((file) => !file.startsWith(join(src, 'test') + sep));
  const edges = new Map<string, Map<string, string>>();
  for (const [file, targets] of importGraph(files)) {
    const from = roomOf(src, file);
    for (const target of targets) {
      if (!target.startsWith(src + sep)) continue;
      const to = roomOf(src, target);
      if (to === from) continue;
      const out = edges.get(from) ?? new Map<string, string>();
      edges.set(from, out);
      if (!out.has(to)) out.set(to, `${relative(src, file)} -> ${relative(src, target)}`);
    }
  }
  return edges;
}

/** The imports that break the layout, as `file -> target`. */
function wallBreaches(layout: Layout, edges: ReadonlyMap<string, ReadonlyMap<string, string>>): string[] {
  const core = new Set(layout.core);
  const areas = new Set(Object.keys(layout.areas));
  const breaches: string[] = [];
  for (const [from, out] of edges) {
    for (const [to, example] of out) {
      const composer = !core.has(from) && !areas.has(from);
      if (composer) continue;
      const allowed = core.has(from) ? core.has(to) : core.has(to) || (layout.areas[from] ?? []).includes(to);
      if (!allowed) breaches.push(example);
    }
  }
  return breaches.sort();
}

/** Declared edges no import uses: the table says more than the code does. */
function staleEdges(layout: Layout, edges: ReadonlyMap<string, ReadonlyMap<string, string>>): string[] {
  return Object.entries(layout.areas).flatMap(([area, builds]) =>
    builds.filter((on) => !edges.get(area)?.has(on)).map((on) => `${area} -> ${on}`),
  );
}

/** The knots of a graph: each set of two or more nodes that all reach one another, sorted. */
function knotsOf(graph: ReadonlyMap<string, Iterable<string>>): string[][] {
  const reach = (start: string) => {
    const seen = new Set<string>();
    const stack = [start];
    while (stack.length > 0)
      for (const next of graph.get(stack.pop()!) ?? [])
        if (!seen.has(next) && seen.add(next)) stack.push(next);
    return seen;
  };
  const reached = new Map([...graph.keys()].map((node) => [node, reach(node)]));
  const knots = new Map<string, string[]>();
  for (const node of graph.keys()) {
    const knot = [...graph.keys()].filter(
      (other) => other === node || (reached.get(node)!.has(other) && reached.get(other)!.has(node)),
    );
    if (knot.length > 1) knots.set(knot.sort().join(' '), knot);
  }
  return [...knots.values()];
}

const foldersOf = (app: string) =>
  readdirSync(join(repoRoot, 'apps', app, 'src'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'test')
    .map((entry) => entry.name);

describe('walls inside the apps', () => {
  const controlLayout: Layout = { core: ['core'], areas: { a: [], b: ['a'] } };

  it('finds an import over a wall, a stale declaration and a knot (the checks can fail)', () => {
    const edges = new Map([
      ['core', new Map([['a', 'core/x.ts -> a/y.ts']])],
      ['b', new Map([['core', 'b/z.ts -> core/x.ts']])],
      ['a', new Map([['b', 'a/y.ts -> b/z.ts']])],
      ['app.ts', new Map([['b', 'app.ts -> b/z.ts']])],
    ]);
    expect(wallBreaches(controlLayout, edges)).toEqual(['a/y.ts -> b/z.ts', 'core/x.ts -> a/y.ts']);
    expect(staleEdges(controlLayout, edges)).toEqual(['b -> a']);
    expect(
      knotsOf(
        new Map([
          ['a', ['b']],
          ['b', ['a']],
          ['c', ['a']],
        ]),
      ),
    ).toEqual([['a', 'b']]);
  });

  it('reads the rooms of an app (a known edge is there)', () => {
    expect(roomEdges('knowledge-base').get('pages')?.has('core')).toBe(true);
  });

  describe.each(Object.entries(LAYOUTS))('%s', (app, layout) => {
    const edges = roomEdges(app);

    it('imports only over the walls its layout opens', () => {
      expect(wallBreaches(layout, edges)).toEqual([]);
    });

    it('declares every folder as core or an area, and only edges that exist', () => {
      const declared = new Set([...layout.core, ...Object.keys(layout.areas)]);
      expect(foldersOf(app).filter((folder) => !declared.has(folder))).toEqual([]);
      expect(staleEdges(layout, edges)).toEqual([]);
    });

    it('has no knot of rooms', () => {
      const graph = new Map([...edges].map(([room, out]) => [room, [...out.keys()]]));
      expect(knotsOf(graph)).toEqual([]);
    });
  });

  it('the README names every area of every app', () => {
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
    const start = readme.indexOf('## Layout');
    const lines = readme.slice(start, readme.indexOf('\n## ', start + 1)).split('\n');
    for (const [app, { core, areas }] of Object.entries(LAYOUTS)) {
      // The app's part: from its `apps/<app>` line to the next top-level entry.
      const first = lines.findIndex((line) => line.startsWith(`apps/${app} `));
      const next = lines.findIndex((line, index) => index > first && /^[a-z]/.test(line));
      const part = lines.slice(first, next).join('\n');
      const missing = [...core, ...Object.keys(areas)].filter(
        (room) => !room.endsWith('.ts') && !part.includes(`\`${room}\``),
      );
      expect({ app, missing }).toEqual({ app, missing: [] });
    }
  });
});
