/**
 * Folders: a group's root folder (EID derived from the group's), folders nested under
 * it, listed by name; rename, move (never into itself or below it), delete (empty only: 409),
 * uploads into a subfolder; who may see and change them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { closeFactories, type TestNetwork } from '../../support/factories/core.js';
import {
  folderFilesPath,
  folderPath,
  PNG_1X1,
  rootFolderOf,
  upload,
  type FolderBody,
  filesScene,
} from '../../support/factories/files.js';
import { type Collection } from '../../support/factories/groups.js';

afterAll(closeFactories);

let network: TestNetwork;
let memberToken: string;
let outsiderToken: string;
let groupEID: string;
let root: string;

beforeAll(async () => {
  // The folders of the hidden group (its member sees them, the outsider does not even see it).
  ({ network, memberToken, outsiderToken, hiddenEID: groupEID } = await filesScene('Folders'));
  root = rootFolderOf(groupEID);
});

async function newFolder(parentEID: string, name: string, token = memberToken): Promise<FolderBody> {
  const response = await call<FolderBody>(folderPath(network.networkEID, parentEID, 'folders/'), {
    token,
    json: { name },
  });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

describe("a group's folders", () => {
  it('has a root folder derived from the group, readable by its members', async () => {
    const read = await call<FolderBody>(folderPath(network.networkEID, root), { token: memberToken });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      type: 'folder',
      EID: root,
      name: '',
      root: true,
      parentFolder: null,
      group: { type: 'group', EID: groupEID },
    });
    expect(read.body._links.folders?.href).toMatch(new RegExp(`/folders/${root}/folders/$`));
  });

  it('creates folders inside folders and lists them by name', async () => {
    const beta = await newFolder(root, 'Beta');
    const alpha = await newFolder(root, 'Alpha');
    const inner = await newFolder(alpha.EID, 'Inner');
    expect(inner.parentFolder).toEqual({ type: 'folder', EID: alpha.EID });
    const list = await call<Collection<FolderBody>>(folderPath(network.networkEID, root, 'folders/'), {
      token: memberToken,
    });
    expect(list.status).toBe(200);
    const names = list.body._embedded.folders!.map((f) => f.name);
    expect(names.indexOf('Alpha')).toBeLessThan(names.indexOf('Beta'));
    expect(names).not.toContain('Inner');
    expect(beta.root).toBe(false);
  });

  it('renames and moves a folder, never into itself or below it (409)', async () => {
    const a = await newFolder(root, 'A');
    const b = await newFolder(a.EID, 'B');
    const renamed = await call<FolderBody>(folderPath(network.networkEID, a.EID), {
      method: 'PATCH',
      token: memberToken,
      json: { name: 'A renamed' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('A renamed');
    const cycle = await call(folderPath(network.networkEID, a.EID), {
      method: 'PATCH',
      token: memberToken,
      json: { parentFolder: { type: 'folder', EID: b.EID } },
    });
    expect(cycle.status).toBe(409);
    expect(cycle.body).toMatchObject({ code: -392 });
    const moved = await call<FolderBody>(folderPath(network.networkEID, b.EID), {
      method: 'PATCH',
      token: memberToken,
      json: { parentFolder: { type: 'folder', EID: root } },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.parentFolder).toEqual({ type: 'folder', EID: root });
    const rootRename = await call(folderPath(network.networkEID, root), {
      method: 'PATCH',
      token: memberToken,
      json: { name: 'x' },
    });
    expect(rootRename.status).toBe(409);
    expect(rootRename.body).toMatchObject({ code: -393 });
  });

  it('deletes an empty folder only (409 while it holds a file)', async () => {
    const box = await newFolder(root, 'Box');
    const file = await upload(folderFilesPath(network.networkEID, box.EID), memberToken, PNG_1X1, {
      kind: 'image',
    });
    expect(file.status).toBe(201);
    expect(file.body.folder).toEqual({ type: 'folder', EID: box.EID });
    const refused = await call(folderPath(network.networkEID, box.EID), {
      method: 'DELETE',
      token: memberToken,
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: -391 });
    const empty = await newFolder(root, 'Empty');
    const gone = await call(folderPath(network.networkEID, empty.EID), {
      method: 'DELETE',
      token: memberToken,
    });
    expect(gone.status).toBe(204);
    const after = await call(folderPath(network.networkEID, empty.EID), { token: memberToken });
    expect(after.status).toBe(404);
  });

  it("a hidden group's non-member sees no folder and changes none (404)", async () => {
    const mine = await newFolder(root, 'Private');
    for (const [method, path, json] of [
      ['GET', folderPath(network.networkEID, root), undefined],
      ['GET', folderPath(network.networkEID, mine.EID), undefined],
      ['POST', folderPath(network.networkEID, root, 'folders/'), { name: 'x' }],
      ['PATCH', folderPath(network.networkEID, mine.EID), { name: 'x' }],
      ['DELETE', folderPath(network.networkEID, mine.EID), undefined],
    ] as const) {
      const answer = await call(path, { method, token: outsiderToken, ...(json ? { json } : {}) });
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
  });

  it('answers 400 naming the field for a blank name', async () => {
    const blank = await call(folderPath(network.networkEID, root, 'folders/'), {
      token: memberToken,
      json: { name: '   ' },
    });
    expect(blank.status).toBe(400);
    expect(blank.text).toContain('name');
  });
});
