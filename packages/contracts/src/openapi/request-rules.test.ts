import { describe, expect, it } from 'vitest';
import { routes } from '../routes.js';
import { buildOpenApiDocument, documentedPath } from './document.js';
import { REQUEST_RULES } from './request-rules.js';

describe('request rules in prose', () => {
  const doc = buildOpenApiDocument({ baseUrl: 'https://api.ncs.example', vendor: 'ncs' });

  it('names only routes of the table', () => {
    const ids = new Set(routes.map((route) => route.id));
    expect(Object.keys(REQUEST_RULES).filter((id) => !ids.has(id))).toEqual([]);
  });

  it("says each rule, with its status and code, in the operation's description", () => {
    const route = routes.find((r) => r.id === 'tasks.list')!;
    const op = doc.paths[documentedPath(route)]?.get;
    expect(op?.description).toContain(
      'Refused (400, code -357): due_date_none cannot be combined with due_date_from or due_date_to.',
    );
  });
});
