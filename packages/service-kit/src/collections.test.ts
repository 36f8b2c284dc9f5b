import { describe, expect, it } from 'vitest';
import { collectionOf, pageOfItems } from './collections.js';

const shape = { itemType: 'group_type', rel: 'groupTypes' };
const items = ['a', 'b', 'c', 'd', 'e'].map((name) => ({ type: 'group_type', name }));

describe('collectionOf', () => {
  it('is the collection resource of one page: total of every match, the page as served', () => {
    expect(collectionOf(shape, { limit: 2, offset: 4 }, 5, items.slice(4))).toEqual({
      type: 'collection',
      itemType: 'group_type',
      rel: 'groupTypes',
      total: 5,
      limit: 2,
      offset: 4,
      items: [{ type: 'group_type', name: 'e' }],
    });
  });
});

describe('pageOfItems', () => {
  it('slices a list at hand by offset and limit, counting the whole list', () => {
    const page = pageOfItems(shape, { limit: 2, offset: 1 }, items);
    expect(page.total).toBe(5);
    expect(page.items.map((item) => item.name)).toEqual(['b', 'c']);
  });

  it('is empty past the end, still counting the whole list', () => {
    const page = pageOfItems(shape, { limit: 20, offset: 10 }, items);
    expect(page).toMatchObject({ total: 5, limit: 20, offset: 10, items: [] });
  });
});
