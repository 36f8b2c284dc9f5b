// The architecture's boundary as a lint rule (ARCHITECTURE §2, issue "Structure"): an app imports
// only `@ncs/contracts`, `@ncs/service-kit` and its own files; packages never import an app; tests
// reach an app's internals only through its declared testing export (`@ncs/<app>/testing`).
import { dirname, relative, resolve, sep } from 'node:path';

const repoRoot = resolve(import.meta.dirname, '..', '..');
const APP_MAY_IMPORT = new Set(['@ncs/contracts', '@ncs/service-kit']);

/** `apps/<name>` or `packages/<name>` of a path inside the repository, else undefined. */
function workspaceOf(path) {
  const [top, name] = relative(repoRoot, path).split(sep);
  return (top === 'apps' || top === 'packages') && name
    ? { top, name, root: resolve(repoRoot, top, name) }
    : undefined;
}

function problemOf(filename, source) {
  const from = relative(repoRoot, filename).split(sep)[0];
  const here = workspaceOf(filename);
  if (source.startsWith('.')) {
    const target = resolve(dirname(filename), source);
    const there = workspaceOf(target);
    // A workspace's own tests may share the suite's helpers (an OTLP receiver, factories).
    const testFile = /[/\\]test[/\\]|\.test\.ts$/.test(filename);
    if (testFile && target.startsWith(resolve(repoRoot, 'tests', 'support') + sep)) return undefined;
    if (here && !target.startsWith(here.root + sep))
      return `${here.top}/${here.name} may not reach outside itself (${source}); import a package by its name`;
    if (from === 'tests' && there?.top === 'apps')
      return `tests reach an app's internals only through @ncs/${there.name}/testing, not ${source}`;
    return undefined;
  }
  if (!source.startsWith('@ncs/')) return undefined;
  const [scope, name, ...subpath] = source.split('/');
  const pkg = `${scope}/${name}`;
  // An app's own tests may start local servers to break (restart a broker), as the suite does.
  const appTest = here?.top === 'apps' && /[/\\]test[/\\]/.test(filename) && pkg === '@ncs/local-infra';
  if (here?.top === 'apps' && !APP_MAY_IMPORT.has(pkg) && pkg !== `@ncs/${here.name}` && !appTest)
    return `an app imports only @ncs/contracts, @ncs/service-kit and itself, not ${source}`;
  if (
    here?.top === 'packages' &&
    ['auth', 'gateway', 'knowledge-base', 'messaging', 'notifications'].includes(name)
  )
    return `a package never imports an app (${source})`;
  if (
    from === 'tests' &&
    subpath.length > 0 &&
    subpath.join('/') !== 'testing' &&
    !['contracts', 'service-kit', 'local-infra'].includes(name)
  )
    return `tests reach an app's internals only through @ncs/${name}/testing, not ${source}`;
  return undefined;
}

const importBoundaries = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Imports stay within the architecture: apps import contracts, service-kit and themselves.',
    },
    schema: [],
    messages: { outside: '{{problem}}' },
  },
  create(context) {
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string') return;
      const problem = problemOf(context.filename, source);
      if (problem) context.report({ node: node.source, messageId: 'outside', data: { problem } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { 'import-boundaries': importBoundaries } };
