/**
 * Collections that take new items carry a `create` link: every POST route at the path of a GET
 * collection route (and the collections posted to elsewhere, `createdAt`) yields one, with the
 * collection's own parameter values; a collection nothing is posted to has none.
 */
import { describe, expect, it } from 'vitest';
import { createdAt, createPathOf, createRouteOf, isCollectionRoute } from './affordances.js';
import { linkRelations } from './links.js';
import { routes } from './routes.js';

/** A sample path of a template: each parameter gets a distinct value, so a mix-up shows. */
function sample(template: string): string {
  let n = 0;
  return template.replace(/\{[^{}]+\}/g, () => `${String(++n).padStart(24, 'a')}`);
}

const collections = routes.filter(isCollectionRoute);

describe('collection create links', () => {
  it('every POST route at the path of a GET collection route is its collection’s create link', () => {
    const missing: string[] = [];
    for (const post of routes.filter((r) => r.method === 'POST')) {
      const collection = collections.find((r) => r.path === post.path);
      if (collection === undefined) continue;
      const path = sample(collection.path);
      if (createPathOf(path) !== path) missing.push(`${collection.id} → ${post.id}`);
    }
    expect(missing).toEqual([]);
    // The collections the issue names are among them.
    for (const id of [
      'comment.list',
      'conversation.list',
      'conversationMessage.list',
      'category.list',
      'page.list',
    ]) {
      expect(createRouteOf(collections.find((r) => r.id === id)!), id).toBeDefined();
    }
  });

  it('timelines are posted to through /messages/, with the network of the timeline', () => {
    expect(createPathOf('/networks/aaaa/timeline/')).toBe('/networks/aaaa/messages/');
    expect(createPathOf('/networks/aaaa/groups/bbbb/timeline/')).toBe('/networks/aaaa/messages/');
    for (const [get, post] of Object.entries(createdAt)) {
      const collection = routes.find((r) => r.id === get);
      expect(collection && isCollectionRoute(collection), get).toBe(true);
      expect(routes.find((r) => r.id === post)?.method, post).toBe('POST');
    }
  });

  it('a collection nothing is posted to has no create link; nor has a path of no collection', () => {
    expect(createPathOf('/networks/aaaa/messages/bbbb/likers/')).toBeUndefined();
    expect(createPathOf('/networks/aaaa/messages/bbbb/')).toBeUndefined();
    expect(createPathOf('/nowhere/')).toBeUndefined();
  });
});

describe('action links', () => {
  it('are shown from `_actions` only, and each answers a POST of the route table', () => {
    const posts = routes.filter((r) => r.method === 'POST').map((r) => sample(r.path).replace(/a*\d+/g, 'x'));
    for (const [type, relations] of Object.entries(linkRelations)) {
      for (const relation of relations.filter((r) => r.when?.startsWith('_actions.'))) {
        expect(relation.when, `${type} ${relation.rel}`).toBe(`_actions.${relation.rel}`);
        const path = sample(relation.href).replace(/a*\d+/g, 'x');
        expect(posts, `${type} ${relation.rel} ${relation.href}`).toContain(path);
      }
    }
  });

  it('cover the actions on messages, tasks and polls', () => {
    const actionsOf = (type: string) =>
      (linkRelations[type] ?? []).filter((r) => r.when?.startsWith('_actions.')).map((r) => r.rel);
    expect(actionsOf('update')).toEqual(
      expect.arrayContaining(['like', 'unlike', 'read', 'subscribe', 'lock', 'remove', 'move', 'share']),
    );
    expect(actionsOf('comment')).toEqual(expect.arrayContaining(['like', 'unlike', 'remove']));
    expect(actionsOf('event')).toEqual(expect.arrayContaining(['rsvp', 'cancel', 'reinstate']));
    expect(actionsOf('task')).toEqual(expect.arrayContaining(['complete', 'reopen']));
    expect(actionsOf('poll')).toEqual(expect.arrayContaining(['vote']));
  });
});
