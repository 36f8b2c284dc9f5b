// Writes docs/events.md from the domain event catalogue (packages/contracts/src/domain-events): each
// event's subject, when it is recorded, its audience kinds and its data fields. Reads the built
// contracts (`npm run build` first); `--check` only says whether the file is current (exit 1 if not).
// tests/unit/events-doc.test.ts fails while the file differs from what the catalogue generates.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './prepare.mjs';

const { eventCatalogueMarkdown } = await import(join(repoRoot, 'packages/contracts/dist/index.js'));
const target = join(repoRoot, 'docs/events.md');
const wanted = eventCatalogueMarkdown();

if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    // No file yet: not current.
  }
  if (current !== wanted) {
    process.stderr.write(
      'docs/events.md is not what the catalogue generates: run node scripts/events-doc.mjs\n',
    );
    process.exitCode = 1;
  }
} else {
  writeFileSync(target, wanted);
  process.stdout.write(`docs/events.md written (${wanted.split('\n').length} lines)\n`);
}
