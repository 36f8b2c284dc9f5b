/** The documented error catalogue lists exactly the errors that exist (STYLE.md: fastify's errors test). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { errorCatalogue } from '@ncs/contracts';

const documented = readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8')
  .split('\n')
  .map((line) => /^\|\s*`(\w+)`\s*\|\s*(\d+)\s*\|\s*(-\d+)\s*\|\s*(.+?)\s*\|$/.exec(line))
  .filter((match) => match !== null)
  .map(([, name, status, code, message]) => ({ name, status: Number(status), code: Number(code), message }));

describe('docs/errors.md', () => {
  it('documents every error of the catalogue with its status, code and message, and nothing else', () => {
    const actual = Object.entries(errorCatalogue).map(([name, d]) => ({
      name,
      status: d.status,
      code: d.code,
      message: d.message,
    }));
    expect(documented).toEqual(actual);
  });

  it('gives every error a distinct code', () => {
    const codes = Object.values(errorCatalogue).map((d) => d.code);
    expect(new Set(codes).size).toBe(codes.length);
  });
});
