/** docs/internal-subjects.md is what the internal subject catalogue generates (scripts/events-doc.mjs writes it). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { internalSubjectCatalogue, internalSubjectsMarkdown } from '@ncs/contracts';

const documented = readFileSync(new URL('../../docs/internal-subjects.md', import.meta.url), 'utf8');

describe('docs/internal-subjects.md', () => {
  it('is what the catalogue generates (else run `node scripts/events-doc.mjs` after a build)', () => {
    expect(documented).toBe(internalSubjectsMarkdown());
  });

  it('documents every internal subject with its subject', () => {
    for (const definition of Object.values(internalSubjectCatalogue)) {
      expect(documented).toContain(`Subject \`${definition.subject}\``);
    }
  });
});
