/**
 * The layout of this package, enforced: `core/` imports only `core/`; an area folder imports only
 * `core/` and itself (never another area, never what spans the areas); no import circle anywhere.
 * The areas of message types (`tasks/`, `polls/`, `events/`) build on `messages/` and may import it;
 * `messages/` never imports them (their fields on the message resource live in `messages/`).
 * What spans the areas: the files at the top of src/, `openapi/`, and `search/` (search answers
 * resources of several areas: messages, articles, people, groups).
 * Reads the relative `from './x.js'` specifiers of every non-test source file.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = dirname(fileURLToPath(import.meta.url));
const AREAS = new Set([
  'oauth',
  'network',
  'directory',
  'groups',
  'settings',
  'apps',
  'kb',
  'messages',
  'tasks',
  'polls',
  'events',
  'notifications',
  // Chat and the AI assistant.
  'chat',
  'assistant',
  // Journeys.
  'journeys',
  // Directory: account operations.
  'account',
  // Devices, push and white-label apps.
  'push',
  // Notifications: app webhooks.
  'webhooks',
  // Directory: network operations.
  'network-admin',
  // Files and folders.
  'files',
  // Directory: branding.
  'branding',
  // The domain event catalogue: every event's payload and who may see it.
  'domain-events',
]);

/** Areas that build on another area, and the areas each may import besides core and itself. */
const BUILDS_ON: Readonly<Record<string, readonly string[]>> = {
  tasks: ['messages'],
  polls: ['messages'],
  events: ['messages'],
  // Chat and the AI assistant.
  chat: ['messages'],
  assistant: ['messages', 'chat'],
  // Devices, push and white-label apps.
  push: ['notifications'],
  // Notifications (app webhooks): the deliverable event types live with the manifest.
  webhooks: ['apps'],
};

/** The folders that span the areas: they may import any area (`test`: test support, not built). */
// `saved`: saved items name messages and knowledge-base pages.
const SPANNING = new Set(['openapi', 'search', 'saved', 'test']);

/** `core`, an area's name, or `aggregate` (the files that span the areas: routes, errors, openapi…). */
function layerOf(file: string): string {
  const [first, ...rest] = file.split('/');
  if (rest.length === 0) return 'aggregate';
  if (first === 'core' || AREAS.has(first!)) return first!;
  return 'aggregate';
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const SPECIFIER = /(?:^|[\n;])\s*(?:import|export)\b[^;'"]*?(?:\bfrom\s*)?['"](\.{1,2}\/[^'"]+)['"]/g;

/** The files (relative to src/, `/`-separated) a file imports or re-exports from. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(SRC, file), 'utf8');
  return [...text.matchAll(SPECIFIER)].map((match) => {
    const target = resolve(SRC, dirname(file), match[1]!.replace(/\.js$/, '.ts'));
    return relative(SRC, target).split(sep).join('/');
  });
}

const files = sourceFiles(SRC)
  .map((path) => relative(SRC, path).split(sep).join('/'))
  .sort();
const graph = new Map(files.map((file) => [file, importsOf(file)]));

function cycles(): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string): void => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file);
  return found;
}

describe('package layout', () => {
  it('reads the imports of every source file, and each names a file that exists', () => {
    expect(graph.get('routes.ts')).toContain('kb/routes.ts');
    expect(graph.get('kb/routes.ts')).toContain('core/route-definition.ts');
    for (const [file, targets] of graph) {
      for (const target of targets) expect(existsSync(join(SRC, target)), `${file} -> ${target}`).toBe(true);
    }
  });

  it('has no import circle', () => {
    expect(cycles().map((cycle) => cycle.join(' -> '))).toEqual([]);
  });

  it('core imports only core; an area imports only core, itself and what it builds on', () => {
    const wrong: string[] = [];
    for (const [file, targets] of graph) {
      const layer = layerOf(file);
      if (layer === 'aggregate') continue;
      for (const target of targets) {
        const to = layerOf(target);
        if (to !== 'core' && to !== layer && !BUILDS_ON[layer]?.includes(to))
          wrong.push(`${file} -> ${target}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('sorts every folder of src/ into core, an area or what spans the areas', () => {
    const folders = new Set(files.filter((file) => file.includes('/')).map((file) => file.split('/')[0]!));
    expect(
      [...folders].filter((folder) => folder !== 'core' && !SPANNING.has(folder) && !AREAS.has(folder)),
    ).toEqual([]);
  });
});
