/**
 * Files: a message's `parentFolder` is checked before the message is written, like its attachments:
 * a folder (stored, or a group's root folder) of a group whose content the caller reads is stored
 * and shown; an unknown folder, another network's and a hidden group's the caller is not a member
 * of are one 404 -375 problem naming `/body/parentFolder`, and no message is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { closeFactories, newNetwork, uniqueSuffix } from '../../support/factories/core.js';
import {
  filesScene,
  folderPath,
  rootFolderOf,
  type FilesScene,
  type FolderBody,
} from '../../support/factories/files.js';
import { newGroup, type Collection } from '../../support/factories/groups.js';
import { messagesPath, timelinePath, type MessageBody } from '../../support/factories/messages.js';

afterAll(closeFactories);

let scene: FilesScene;
let folderEID: string;
let hiddenFolderEID: string;
let foreignFolderEID: string;
let foreignRootEID: string;

async function newFolder(networkEID: string, parentEID: string, token: string): Promise<string> {
  const created = await call<FolderBody>(folderPath(networkEID, parentEID, 'folders/'), {
    token,
    json: { name: `Folder ${uniqueSuffix()}` },
  });
  expect(created.status, created.text).toBe(201);
  return created.body.EID;
}

beforeAll(async () => {
  scene = await filesScene('Parent folders');
  const { network, memberToken, groupEID, hiddenEID } = scene;
  folderEID = await newFolder(network.networkEID, rootFolderOf(groupEID), memberToken);
  hiddenFolderEID = await newFolder(network.networkEID, rootFolderOf(hiddenEID), memberToken);
  const other = await newNetwork('Parent folders elsewhere');
  const otherToken = await other.admin.token();
  const otherGroup = await newGroup(other.networkEID, otherToken);
  foreignRootEID = rootFolderOf(otherGroup.EID);
  foreignFolderEID = await newFolder(other.networkEID, foreignRootEID, otherToken);
});

const post = (token: string, htmlBody: string, parentFolderEID: string, groupEID?: string) =>
  call<MessageBody>(messagesPath(scene.network.networkEID), {
    token,
    json: {
      type: 'update',
      htmlBody,
      parentFolder: { type: 'folder', EID: parentFolderEID },
      ...(groupEID ? { group: { type: 'group', EID: groupEID } } : {}),
    },
  });

describe("a message's parentFolder", () => {
  it("takes a folder of the caller's group, and the group's root folder", async () => {
    for (const EID of [folderEID, rootFolderOf(scene.groupEID)]) {
      const posted = await post(
        scene.memberToken,
        `<p>In a folder ${uniqueSuffix()}</p>`,
        EID,
        scene.groupEID,
      );
      expect(posted.status, posted.text).toBe(201);
      expect(posted.body.parentFolder).toEqual({ type: 'folder', EID });
      const read = await call<MessageBody>(messagesPath(scene.network.networkEID, `${posted.body.EID}/`), {
        token: scene.memberToken,
      });
      expect(read.body.parentFolder).toEqual({ type: 'folder', EID });
    }
  });

  it("takes a hidden group's folder from its member", async () => {
    const posted = await post(scene.memberToken, `<p>Hidden ${uniqueSuffix()}</p>`, hiddenFolderEID);
    expect(posted.status, posted.text).toBe(201);
    expect(posted.body.parentFolder).toEqual({ type: 'folder', EID: hiddenFolderEID });
  });

  it("refuses an unknown folder, another network's and a hidden group's, writing nothing", async () => {
    const refused: [string, string][] = [
      ['unknown', '0123456789abcdef01234567'],
      ["another network's folder", foreignFolderEID],
      ["another network's root folder", foreignRootEID],
      ["a hidden group's folder", hiddenFolderEID],
      ["a hidden group's root folder", rootFolderOf(scene.hiddenEID)],
    ];
    const marker = `Refused ${uniqueSuffix()}`;
    for (const [what, EID] of refused) {
      const answer = await post(scene.outsiderToken, `<p>${marker}</p>`, EID);
      expect(answer.status, `${what}: ${answer.text}`).toBe(404);
      expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(answer.body.code).toBe(-375);
      expect(answer.body.errors?.map((e) => e.pointer)).toEqual(['/body/parentFolder']);
    }
    // The same post without the folder is the only one of them on the timeline.
    const control = await call<MessageBody>(messagesPath(scene.network.networkEID), {
      token: scene.outsiderToken,
      json: { type: 'update', htmlBody: `<p>${marker}</p>` },
    });
    expect(control.status, control.text).toBe(201);
    const timeline = await call<Collection<MessageBody>>(
      `${timelinePath(scene.network.networkEID)}?limit=100`,
      {
        token: scene.adminToken,
      },
    );
    expect(timeline.status, timeline.text).toBe(200);
    const written = (timeline.body._embedded.messages ?? []).filter((item) => item.htmlBody.includes(marker));
    expect(written.map((item) => item.EID)).toEqual([control.body.EID]);
  });
});
