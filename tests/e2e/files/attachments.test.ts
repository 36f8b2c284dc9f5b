/**
 * Files (attachments): a message's `images`, `videos`, `files` (write context) reference
 * files the writer uploaded in the network; the resource shows `numImages`, `numVideos`, `numFiles`
 * and the files under `_embedded`; whoever reads the message reads its files (others 404); an
 * unknown, foreign, someone else's or already attached file is 400 naming the item, a non-image in
 * `images` too; an edit's lists replace the message's. A group's `rootFolder` is its root folder.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootFolderOf } from '@ncs/contracts';
import { call } from '../../support/api.js';
import { fileRef, newTemporaryFile, postWithFiles } from '../../support/factories/attachments.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import { download, filePath, newFile, PNG_1X1, type FileBody } from '../../support/factories/files.js';
import { addMember, groupsPath, newGroup } from '../../support/factories/groups.js';
import { messagesPath, newComment, type MessageBody } from '../../support/factories/messages.js';

afterAll(closeFactories);

let network: TestNetwork;
let adminToken: string;
let authorToken: string;
let readerToken: string;
let hiddenEID: string;

const TEXT = Buffer.from('Minutes of the meeting\n');

beforeAll(async () => {
  network = await newNetwork('Files attachments');
  adminToken = await network.admin.token();
  const [author, reader] = await Promise.all([network.newMember(), network.newMember()]);
  [authorToken, readerToken] = await Promise.all([author.token(), reader.token()]);
  const hidden = await newGroup(network.networkEID, adminToken, { hidden: true });
  hiddenEID = hidden.EID;
  await addMember(network.networkEID, hiddenEID, adminToken, author.profileEID);
});

const fileOf = (token: string, EID: string) =>
  call<FileBody & { temporary: boolean; message: unknown }>(filePath(network.networkEID, EID), { token });

describe('a message with attachments', () => {
  let image: FileBody;
  let doc: FileBody;
  let message: MessageBody;

  beforeAll(async () => {
    image = await newTemporaryFile(network.networkEID, authorToken);
    doc = await newTemporaryFile(network.networkEID, authorToken, TEXT, {
      kind: 'file',
      filename: 'minutes.txt',
    });
    // Temporary: its uploader's only.
    expect((await fileOf(readerToken, image.EID)).status).toBe(404);
    const posted = await postWithFiles(network.networkEID, authorToken, {
      images: [fileRef(image.EID)],
      files: [fileRef(doc.EID)],
    });
    expect(posted.status, posted.text).toBe(201);
    message = posted.body;
  });

  it('shows the counts and embeds the files with their links', async () => {
    expect(message).toMatchObject({ numImages: 1, numVideos: 0, numFiles: 1 });
    const embedded = message._embedded as Record<string, FileBody[]>;
    expect(embedded.images!.map((f) => f.EID)).toEqual([image.EID]);
    expect(embedded.files!.map((f) => f.EID)).toEqual([doc.EID]);
    expect(embedded.videos).toEqual([]);
    expect(embedded.images![0]).toMatchObject({ type: 'file', kind: 'image', contentType: 'image/png' });
    expect(embedded.images![0]!._links.download?.href).toMatch(new RegExp(`/files/${image.EID}/download$`));
    // Read again: the same.
    const read = await call<MessageBody>(messagesPath(network.networkEID, `${message.EID}/`), {
      token: readerToken,
    });
    expect(read.body).toMatchObject({ numImages: 1, numFiles: 1 });
  });

  it('makes the files permanent, readable by whoever reads the message', async () => {
    const file = await fileOf(readerToken, image.EID);
    expect(file.status, file.text).toBe(200);
    expect(file.body).toMatchObject({ temporary: false, message: { EID: message.EID } });
    const bytes = await download(network.networkEID, doc.EID, readerToken);
    expect(bytes.status).toBe(200);
    expect(bytes.bytes.equals(TEXT)).toBe(true);
  });

  it('refuses a file attached to another message, naming the item', async () => {
    const again = await postWithFiles(network.networkEID, authorToken, { files: [fileRef(doc.EID)] });
    expect(again.status, again.text).toBe(400);
    expect(again.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(again.body).toMatchObject({ code: -394 });
    expect(again.body.errors?.map((e) => e.pointer)).toEqual(['/body/files/0']);
  });

  it("replaces the lists on an edit; a dropped file is temporary again, its uploader's only", async () => {
    const next = await newTemporaryFile(network.networkEID, authorToken, TEXT, { kind: 'file' });
    const edited = await call<MessageBody>(messagesPath(network.networkEID, `${message.EID}/`), {
      method: 'PUT',
      token: authorToken,
      json: { htmlBody: '<p>Edited</p>', files: [fileRef(next.EID), fileRef(doc.EID)], images: [] },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({ numImages: 0, numFiles: 2 });
    expect((edited.body._embedded as Record<string, FileBody[]>).files!.map((f) => f.EID)).toEqual([
      next.EID,
      doc.EID,
    ]);
    const dropped = await fileOf(authorToken, image.EID);
    expect(dropped.body).toMatchObject({ temporary: true, message: null });
    expect((await fileOf(readerToken, image.EID)).status).toBe(404);
  });

  it('refuses attachments on a comment edit (400 -338 naming the list)', async () => {
    const comment = await newComment(network.networkEID, message.EID, authorToken);
    const edited = await call<MessageBody>(messagesPath(network.networkEID, `${comment.EID}/`), {
      method: 'PUT',
      token: authorToken,
      json: { htmlBody: '<p>Edited</p>', images: [] },
    });
    expect(edited.status, edited.text).toBe(400);
    expect(edited.body).toMatchObject({ code: -338 });
    expect(edited.body.errors?.map((e) => e.pointer)).toEqual(['/body/images']);
  });
});

describe('who reads an attached file', () => {
  it("follows the message: a hidden group's message's file is 404 for a non-member", async () => {
    const file = await newTemporaryFile(network.networkEID, authorToken);
    const posted = await postWithFiles(network.networkEID, authorToken, {
      group: { type: 'group', EID: hiddenEID },
      images: [fileRef(file.EID)],
    });
    expect(posted.status, posted.text).toBe(201);
    expect((await download(network.networkEID, file.EID, authorToken)).status).toBe(200);
    expect((await download(network.networkEID, file.EID, readerToken)).status).toBe(404);
    expect((await fileOf(readerToken, file.EID)).status).toBe(404);
  });
});

describe('attachments refused', () => {
  it('is 400 naming the item for an unknown file, someone else’s, another network’s', async () => {
    const others = await newTemporaryFile(network.networkEID, readerToken);
    const foreignNetwork = await newNetwork('Files attachments elsewhere');
    const foreign = await newTemporaryFile(foreignNetwork.networkEID, await foreignNetwork.admin.token());
    for (const EID of ['0123456789abcdef01234567', others.EID, foreign.EID]) {
      const answer = await postWithFiles(network.networkEID, authorToken, {
        images: [fileRef(EID)],
      });
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body).toMatchObject({ code: -394 });
      expect(answer.body.errors?.map((e) => e.pointer)).toEqual(['/body/images/0']);
    }
  });

  it('is 400 for a file in images that is not an image, and for a video list of images', async () => {
    const text = await newTemporaryFile(network.networkEID, authorToken, TEXT, { kind: 'file' });
    const image = await newTemporaryFile(network.networkEID, authorToken, PNG_1X1, { kind: 'file' });
    for (const [fields, pointer] of [
      [{ images: [fileRef(text.EID)] }, '/body/images/0'],
      [{ videos: [fileRef(image.EID)] }, '/body/videos/0'],
    ] as const) {
      const answer = await postWithFiles(network.networkEID, authorToken, fields);
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body).toMatchObject({ code: -395 });
      expect(answer.body.errors?.map((e) => e.pointer)).toEqual([pointer]);
    }
    // Nothing was attached: the file is still free.
    expect((await fileOf(authorToken, text.EID)).body).toMatchObject({ temporary: true, message: null });
  });

  it('is 400 above 20 files in a list, and for read-only counts sent', async () => {
    const many = Array.from({ length: 21 }, () => fileRef('0123456789abcdef01234567'));
    for (const [fields, pointer] of [
      [{ files: many }, '/body/files'],
      [{ numFiles: 1 }, '/body/numFiles'],
    ] as const) {
      const answer = await postWithFiles(network.networkEID, authorToken, fields);
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body.errors?.map((e) => e.pointer)).toContain(pointer);
    }
  });

  it('attaches a file of a group folder its uploader added', async () => {
    const group = await newGroup(network.networkEID, authorToken);
    const file = await newFile(network.networkEID, group.EID, authorToken);
    const posted = await postWithFiles(network.networkEID, authorToken, { images: [fileRef(file.EID)] });
    expect(posted.status, posted.text).toBe(201);
    expect(posted.body).toMatchObject({ numImages: 1 });
    // It stays in its folder.
    expect((await fileOf(authorToken, file.EID)).body).toMatchObject({
      folder: { type: 'folder', EID: rootFolderOf(group.EID) },
      temporary: false,
    });
  });
});

describe("a group's rootFolder", () => {
  it('is the folder whose EID derives from the group', async () => {
    const group = await newGroup(network.networkEID, adminToken);
    const read = await call<{ rootFolder: unknown }>(groupsPath(network.networkEID, `${group.EID}/`), {
      token: adminToken,
    });
    expect(read.body.rootFolder).toEqual({ type: 'folder', EID: rootFolderOf(group.EID) });
    const folder = await call<{ root: boolean }>(
      `/networks/${network.networkEID}/folders/${rootFolderOf(group.EID)}/`,
      { token: adminToken },
    );
    expect(folder.body.root).toBe(true);
  });
});
