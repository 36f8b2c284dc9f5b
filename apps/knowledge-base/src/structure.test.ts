/**
 * The layout of the knowledge base, enforced: `core/` imports only `core/`; an area folder imports
 * only `core/` and itself. The files at the top of src/ (app, models, testing, main) compose the
 * areas and may import any of them. Reads the relative specifiers of every non-test source file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = import.meta.dirname;
const AREAS = ['home', 'categories', 'managers', 'pages'];

const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .map((file) => file.split(sep).join('/'))
  // `test/` holds support for the unit tests only: it is not built and no source file imports it.
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith('test/'))
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
    return importsOf(file)
      .filter((target) => {
        const to = folderOf(target);
        return to !== from && to !== 'core';
      })
      .map((target) => `${file} -> ${target}`);
  });
}

describe('knowledge-base layout', () => {
  it('reads the imports (the check can see an edge)', () => {
    expect(importsOf('app.ts')).toContain('pages/handlers.ts');
    expect(importsOf('pages/pages.ts')).toContain('core/access.ts');
  });

  it('has every source file in core, an area, or at the top', () => {
    const folders = new Set(files.map(folderOf));
    expect([...folders].sort()).toEqual(['core', 'top', ...AREAS].sort());
  });

  it('keeps core free of areas and each area to core and itself', () => {
    expect(outOfBounds()).toEqual([]);
  });
});
