/**
 * Successful JSON answers carry read-only `created` and `data` (spec, Errors). `created`: every
 * resource that describes a stored thing carries its creation time, a timestamp; a view without a
 * creation time of its own is named below, with why. `data`: an action's answer that is no
 * resource carries its outcome there, and nothing beside it but `type` and the HAL members (a
 * resource is never wrapped: HAL clients read `_links` on the resource itself).
 */
import { describe, expect, it } from 'vitest';
import { allResources, type Schema } from './test/resource-walk.js';

/** Resource types without a creation time of their own: views, computed answers, fixed data. */
const WITHOUT_CREATED: ReadonlyMap<string, string> = new Map([
  ['aggregate', 'bare entry point: relations only'],
  ['ai_assistant', "a view of the assistant's bot profile, whose `created` is on the `user`"],
  ['ai_assistant_settings', 'settings of the network, answered with defaults before any write'],
  ['badge_counters', 'counters computed per request'],
  ['email_settings', 'settings of a person, answered with defaults before any write'],
  ['group_relation', "a view of the subgroup's `parent`, which keeps no time of its own"],
  ['group_type', 'fixed data, the same in every network'],
  // Hashtags: a name used in messages, stored nowhere as a thing of its own.
  ['tag', 'a name found in messages, answered for any tag, used or not'],
  ['host_info', 'a view of the host and the versions it serves'],
  ['kb_category_managers', 'the managers of a category, a list of people'],
  ['lobby_data', 'a view of the network before sign-in'],
  ['menu', 'assembled per device and version from built-in entries and installed apps'],
  ['menu_item', 'an entry of the assembled menu'],
  ['network_features', 'a view of the features enabled for the network'],
  ['network_subscription', 'a view of the plan; its time is `since`'],
  ['new_features', 'computed per person from the features not yet dismissed'],
  ['postable_types', 'computed per person from permissions'],
  ['presence', 'the current state of a person, not a thing that was created'],
  ['push_debug', 'diagnostics computed per request'],
  ['resolved_location', 'a lookup of the query in a closed table'],
  ['role', 'fixed data, the same in every network'],
  ['signed_request', 'signed per call and stored nowhere; its time is `expiresAt`'],
  [
    'terms_of_service',
    "a view of the current terms and the caller's acceptance (`publishedAt`, `acceptedAt`)",
  ],
  ['token_status', 'a view of the calling token'],
  ['user_settings', 'settings of a person, answered with defaults before any write'],
  ['whoami', 'a view of the calling account and token'],
]);

/** Answers of actions: the outcome of one call under `data`, not a thing one can read again. */
const ACTION_RESULTS: readonly string[] = ['ai_welcome_dispatch', 'alert_markread', 'group_users_result'];

/** What an action result may carry beside `data`. */
const ACTION_RESULT_MEMBERS = new Set(['type', 'data', '_links', '_embedded']);

/** A timestamp, or a nullable one. */
const isTimestamp = (schema: Schema): boolean =>
  schema.format === 'date-time' || (schema.anyOf ?? []).some((branch) => branch.format === 'date-time');

describe('read-only `created` and `data`', () => {
  const resources = allResources();
  const hasCreated = (schema: Schema) => schema.properties?.created !== undefined;
  const hasData = (schema: Schema) => schema.properties?.data !== undefined;

  it('finds the resource types of the route table', () => {
    expect(resources.size).toBeGreaterThan(50);
    for (const type of ['user', 'kb_page', 'message', 'alert', 'menu_item', 'group_users_result']) {
      expect(resources.has(type), type).toBe(true);
    }
  });

  it('gives every resource `created` unless it is an action result or a listed view', () => {
    const missing = [...resources]
      .filter(([type, schema]) => !hasCreated(schema) && !hasData(schema) && !WITHOUT_CREATED.has(type))
      .map(([type]) => type)
      .sort();
    expect(missing).toEqual([]);
  });

  it('makes every `created` a timestamp', () => {
    const notTimestamps = [...resources]
      .filter(([, schema]) => hasCreated(schema) && !isTimestamp(schema.properties!.created!))
      .map(([type]) => type);
    expect(notTimestamps).toEqual([]);
  });

  it('lists only views that exist and indeed carry no `created`', () => {
    const stale = [...WITHOUT_CREATED.keys()].filter((type) => {
      const schema = resources.get(type);
      return !schema || hasCreated(schema) || hasData(schema);
    });
    expect(stale).toEqual([]);
  });

  it('answers each action with its outcome under `data` and nothing beside it', () => {
    const withData = [...resources].filter(([, schema]) => hasData(schema)).map(([type]) => type);
    expect(withData.sort()).toEqual([...ACTION_RESULTS].sort());
    for (const type of ACTION_RESULTS) {
      const schema = resources.get(type)!;
      expect(schema.properties!.data!.type, type).toBe('object');
      const beside = Object.keys(schema.properties!).filter((name) => !ACTION_RESULT_MEMBERS.has(name));
      expect(beside, type).toEqual([]);
    }
  });
});
