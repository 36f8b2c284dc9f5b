/**
 * The two tables that replace nats.js's and the MongoDB driver's built-in collections of what is in
 * flight (request-tables.ts): each answers as the `Map` or `Set` it replaces for every method its
 * library calls. Installed on a real connection: test/request-tables.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { SmallIdentitySet, StringKeyedTable } from './request-tables.js';

describe('StringKeyedTable', () => {
  it('answers set, get, has, delete and size as a Map', () => {
    const table = new StringKeyedTable<number>();
    const map = new Map<string, number>();
    const steps: [op: 'set' | 'delete', key: string, value?: number][] = [
      ['set', 'a', 1],
      ['set', 'b', 2],
      ['set', 'a', 3], // replaced, not added
      ['delete', 'b'],
      ['delete', 'b'], // gone already
      ['set', 'constructor', 4], // a name every ordinary object inherits
      ['set', '__proto__', 5],
      ['set', '42', 6], // a key that looks like an index
    ];
    for (const [op, key, value] of steps) {
      if (op === 'set') expect(table.set(key, value!)).toBe(table);
      else expect(table.delete(key)).toBe(map.delete(key));
      if (op === 'set') map.set(key, value!);
      expect(table.size).toBe(map.size);
      for (const probe of ['a', 'b', 'constructor', '__proto__', '42', 'toString', 'missing']) {
        expect(table.get(probe)).toBe(map.get(probe));
        expect(table.has(probe)).toBe(map.has(probe));
      }
    }
    expect([...table.values()].sort()).toEqual([...map.values()].sort());
  });

  it('gives each value with its key to forEach, and iterates what it held when asked', () => {
    const table = new StringKeyedTable<string>().set('x', 'X').set('y', 'Y');
    const seen: string[] = [];
    table.forEach((value, key, self) => {
      expect(self).toBe(table);
      seen.push(`${key}=${value}`);
      self.delete(key); // as nats.js's close() does through each request's resolver
    });
    expect(seen.sort()).toEqual(['x=X', 'y=Y']);
    expect(table.size).toBe(0);

    table.set('z', 'Z');
    const values = table.values();
    table.set('w', 'W');
    expect([...values]).toEqual(['Z']);
    table.clear();
    expect(table.size).toBe(0);
    expect(table.get('z')).toBeUndefined();
  });
});

describe('SmallIdentitySet', () => {
  it('answers add, has, delete and size as a Set, by identity', () => {
    const set = new SmallIdentitySet<object>();
    const reference = new Set<object>();
    const [a, b, c] = [{ n: 1 }, { n: 1 }, { n: 2 }]; // a and b are equal but not the same
    const steps: [op: 'add' | 'delete', item: object][] = [
      ['add', a],
      ['add', b],
      ['add', a], // once only
      ['add', c],
      ['delete', a], // from the front: the last item takes its place
      ['delete', a],
      ['delete', c],
      ['add', a],
    ];
    for (const [op, item] of steps) {
      if (op === 'add') {
        expect(set.add(item)).toBe(set);
        reference.add(item);
      } else {
        expect(set.delete(item)).toBe(reference.delete(item));
      }
      expect(set.size).toBe(reference.size);
      for (const probe of [a, b, c, { n: 1 }]) expect(set.has(probe)).toBe(reference.has(probe));
    }
    expect(new Set(set)).toEqual(reference);
  });

  it('iterates the members it held when asked, so members may leave meanwhile, and clears', () => {
    const first = { id: 1 };
    const members = [first, { id: 2 }, { id: 3 }];
    const set = new SmallIdentitySet<{ id: number }>();
    for (const member of members) set.add(member);
    // As the driver closes its client: Array.from over the set, each member removing itself.
    const ids = Array.from(set, (member) => {
      set.delete(member);
      return member.id;
    });
    expect(ids.sort()).toEqual([1, 2, 3]);
    expect(set.size).toBe(0);

    for (const member of members) set.add(member);
    const seen: number[] = [];
    set.forEach((member, same, self) => {
      expect(same).toBe(member);
      expect(self).toBe(set);
      seen.push(member.id);
    });
    expect(seen.sort()).toEqual([1, 2, 3]);
    expect([...set.values()]).toHaveLength(3);
    set.clear();
    expect(set.size).toBe(0);
    expect(set.has(first)).toBe(false);
  });
});
