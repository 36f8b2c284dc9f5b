/** docs/events.md is what the domain event catalogue generates (scripts/events-doc.mjs writes it). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { eventCatalogueMarkdown, eventNames } from '@ncs/contracts';

const documented = readFileSync(new URL('../../docs/events.md', import.meta.url), 'utf8');

describe('docs/events.md', () => {
  it('is what the catalogue generates (else run `node scripts/events-doc.mjs` after a build)', () => {
    expect(documented).toBe(eventCatalogueMarkdown());
  });

  it('documents every catalogued event with its subject', () => {
    for (const name of eventNames) expect(documented).toContain(`Subject \`events.${name}.<networkEID>\``);
  });
});
