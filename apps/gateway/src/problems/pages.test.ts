import { errorCatalogue } from '@ncs/contracts';
import { describe, expect, it } from 'vitest';
import { createdLocation } from '../hal/links.js';
import { problemIndexHtml, problemPage, problemPageHtml } from './pages.js';
import { problemTypeFor } from './problem.js';

describe('problem pages', () => {
  it('has a page for every catalogue error, at the path of its problem type', () => {
    for (const [name, definition] of Object.entries(errorCatalogue)) {
      const slug = problemTypeFor(name).slice('/docs/problems/'.length);
      expect(problemPage(slug)).toMatchObject({ name, status: definition.status, code: definition.code });
    }
    expect(problemPage('no-such-thing')).toBeUndefined();
    expect(problemPage('constructor')).toBeUndefined();
  });

  it('names the error, status, code and meaning in the HTML, escaped', () => {
    const html = problemPageHtml(problemPage('invalid-date-range')!);
    expect(html).toContain('<h1>INVALID_DATE_RANGE</h1>');
    expect(html).toContain('400 Bad Request');
    expect(html).toContain('-38');
    expect(html).toContain(errorCatalogue.INVALID_DATE_RANGE.message);
    expect(problemIndexHtml()).toContain('href="/docs/problems/invalid-date-range"');
  });
});

describe('createdLocation', () => {
  it('is the absolute self href of a created resource', () => {
    expect(createdLocation({ _links: { self: { href: 'https://api.example/groups/1/' } } })).toBe(
      'https://api.example/groups/1/',
    );
    expect(createdLocation({ _links: { self: { href: '/relative' } } })).toBeUndefined();
    expect(createdLocation({ secret: 'x' })).toBeUndefined();
  });
});
