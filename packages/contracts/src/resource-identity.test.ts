/**
 * Every resource carries `type` and `EID` (ARCHITECTURE §8): the EID of the thing it describes. A
 * resource without one must be an honest view without identity and be named below, with why.
 */
import { describe, expect, it } from 'vitest';
import { allResources, type Schema } from './test/resource-walk.js';

/** Resource types that describe no one thing, so have no EID to carry. */
const IDENTITY_LESS_VIEWS: ReadonlyMap<string, string> = new Map([
  // The spec answers it bare (no properties, not even `type`): only the entry-point relations.
  ['aggregate', 'bare entry point'],
  // Action results: what one call did, not a thing one can read again.
  ['ai_welcome_dispatch', 'the outcome of one dispatch call'],
  ['alert_markread', 'the outcome of one mark-read call'],
  ['group_users_result', 'the outcome of one add or merge call, person by person'],
  // A computed answer to the query string, stored nowhere.
  ['resolved_location', 'a lookup of the query in a closed table'],
  // Hashtags: named by its folded name (the `{tag}` of its path), not an EID.
  ['tag', 'a name found in messages, identified by its folded name'],
  // The caller's token is a secret with no EID; its session id is not an EID and naming the
  // session would hand the token's family id to whoever reads the answer.
  ['token_status', 'a view of the calling token'],
]);

const hasEid = (schema: Schema) => schema.properties?.EID !== undefined;

describe('resource identity', () => {
  const resources = allResources();

  it('finds the resource schemas', () => {
    expect(resources.size).toBeGreaterThan(50);
    expect(resources.has('user_settings')).toBe(true);
    expect(resources.has('menu')).toBe(true);
  });

  it('gives every resource an EID unless it is a listed view without identity', () => {
    const missing = [...resources]
      .filter(([type, schema]) => !hasEid(schema) && !IDENTITY_LESS_VIEWS.has(type))
      .map(([type]) => type)
      .sort();
    expect(missing).toEqual([]);
  });

  it('lists only views that exist and indeed carry no EID', () => {
    const stale = [...IDENTITY_LESS_VIEWS.keys()].filter((type) => {
      const schema = resources.get(type);
      return !schema || hasEid(schema);
    });
    expect(stale).toEqual([]);
  });
});
