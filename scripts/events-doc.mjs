// Writes docs/events.md from the domain event catalogue (packages/contracts/src/domain-events): each
// event's subject, when it is recorded, its audience kinds and its data fields; and
// docs/internal-subjects.md from the internal subject catalogue (packages/contracts/src/internal-subjects.ts):
// each request subject that is not a route, with its body's and its reply's fields. Reads the built
// contracts (`npm run build` first); `--check` only says whether the files are current (exit 1 if not).
// tests/unit/events-doc.test.ts and internal-subjects-doc.test.ts fail while a file differs from what
// its catalogue generates.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './prepare.mjs';

const { eventCatalogueMarkdown, internalSubjectsMarkdown } = await import(
  join(repoRoot, 'packages/contracts/dist/index.js')
);
const documents = [
  ['docs/events.md', eventCatalogueMarkdown()],
  ['docs/internal-subjects.md', internalSubjectsMarkdown()],
];

for (const [file, wanted] of documents) {
  const target = join(repoRoot, file);
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(target, 'utf8');
    } catch {
      // No file yet: not current.
    }
    if (current !== wanted) {
      process.stderr.write(`${file} is not what the catalogue generates: run node scripts/events-doc.mjs\n`);
      process.exitCode = 1;
    }
  } else {
    writeFileSync(target, wanted);
    process.stdout.write(`${file} written (${wanted.split('\n').length} lines)\n`);
  }
}
