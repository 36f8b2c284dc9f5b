/**
 * Whitelisting over HTTP (spec: "Deprecated whitelisting properties (2025.1.0) are replaced by their
 * parent object"): the `fields` list of every GET that answers a resource. A sub-property of a
 * deprecated parent is accepted before 2025.1.0 and refused from it, naming the parent;
 * `recipients.networkEID` has no replacement; plain names are accepted in every version and change
 * nothing; a malformed list is refused in every version.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, LATEST, mediaType } from '../../support/api.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import { groupsPath, newGroup } from '../../support/factories/groups.js';

afterAll(closeFactories);

interface Answer {
  code?: number;
  detail?: string;
  errors?: { pointer: string; message: string }[];
  [field: string]: unknown;
}

let network: TestNetwork;
let token: string;
let profilePath: string;
let groupPath: string;

beforeAll(async () => {
  network = await newNetwork();
  token = await network.admin.token();
  profilePath = `/networks/${network.networkEID}/users/${network.admin.profileEID}/`;
  const group = await newGroup(network.networkEID, token);
  groupPath = groupsPath(network.networkEID, `${group.EID}/`);
});

const get = (path: string, fields: string, version: string) =>
  call<Answer>(`${path}?fields=${encodeURIComponent(fields)}`, { token, accept: mediaType(version) });

const OLD = '2024.3.0';
const BOUNDARY = '2025.1.0';

describe('a sub-property of a deprecated whitelisting property', () => {
  it.each([
    ['profile', () => profilePath],
    ['group', () => groupPath],
  ])('is accepted on a %s before 2025.1.0 and answers as without it', async (_what, path) => {
    const plain = await call<Answer>(path(), { token, accept: mediaType(OLD) });
    for (const fields of [
      'name.firstName',
      'emailAddresses.work,attachments.file',
      'recipients.networkEID',
    ]) {
      const answer = await get(path(), fields, OLD);
      expect([fields, answer.status]).toEqual([fields, 200]);
      expect(answer.body).toEqual(plain.body);
    }
  });

  it.each([
    ['profile', () => profilePath],
    ['group', () => groupPath],
  ])('is refused on a %s from 2025.1.0, naming the parent', async (_what, path) => {
    for (const version of [BOUNDARY, LATEST]) {
      const answer = await get(path(), 'EID,name.firstName', version);
      expect([answer.status, answer.body.code, answer.body.errors?.[0]?.pointer]).toEqual([
        400,
        -19,
        '/query/fields',
      ]);
      expect(answer.body.errors?.[0]?.message).toMatch(/whitelist name instead/);
    }
    const attachments = await get(path(), 'attachments.file', LATEST);
    expect(attachments.body.errors?.[0]?.message).toMatch(/whitelist attachments instead/);
  });

  it('recipients.networkEID is refused from 2025.1.0: it has no replacement', async () => {
    const answer = await get(groupPath, 'recipients.networkEID', BOUNDARY);
    expect([answer.status, answer.body.code]).toEqual([400, -19]);
    expect(answer.body.errors?.[0]?.message).toMatch(/no replacement/);
  });
});

describe('plain names and malformed lists', () => {
  it('accepts plain names in every version; they change nothing', async () => {
    for (const version of [OLD, BOUNDARY, LATEST]) {
      const plain = await call<Answer>(profilePath, { token, accept: mediaType(version) });
      const answer = await get(profilePath, 'name,emailAddresses,attachments', version);
      expect([version, answer.status]).toEqual([version, 200]);
      expect(answer.body).toEqual(plain.body);
      expect((await get(groupPath, 'name,redirectUris', version)).status).toBe(200);
    }
  });

  it.each([
    ['an empty list', ''],
    ['an empty name', 'name,,EID'],
    ['a character outside names', 'name;EID'],
    ['a dotted name of no deprecated parent', 'profile.firstName'],
    ['more than 50 names', Array.from({ length: 51 }, (_, i) => `p${i}`).join(',')],
  ])('refuses %s in every version (schema, -2)', async (_why, fields) => {
    for (const version of [OLD, LATEST]) {
      const answer = await get(groupPath, fields, version);
      expect([answer.status, answer.body.code, answer.body.errors?.[0]?.pointer]).toEqual([
        400,
        -2,
        '/query/fields',
      ]);
    }
  });

  it('is taken by collections too (the group list)', async () => {
    const list = await get(groupsPath(network.networkEID), 'name.firstName', LATEST);
    expect([list.status, list.body.code]).toEqual([400, -19]);
    expect((await get(groupsPath(network.networkEID), 'name.firstName', OLD)).status).toBe(200);
  });

  it('is documented on every GET that answers a resource', async () => {
    const doc = await call<{
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    }>('/openapi.json', { accept: 'application/json' });
    const groupGet = doc.body.paths['/networks/{networkEID}/groups/{groupEID}']?.get;
    expect(groupGet?.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'fields', in: 'query' })]),
    );
  });
});
