/**
 * Files: attachments of a removed message. Removal is final, and it releases the
 * message's files: a file of no folder is read by nobody (404, its uploader too), is attached to
 * nothing else (400 -394), and is swept with its GridFS files document and chunks after
 * `FILES_TEMPORARY_TTL_MS` (8 s in the e2e stack); a file of a group folder stays in its folder,
 * detached (`message: null`), read by the group's readers, free to be attached again.
 * docs/decisions.md, "Files: attachments and temporary uploads", row "Removed messages".
 */
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootFolderOf } from '@ncs/contracts';
import { call } from '../../support/api.js';
import { act } from '../../support/factories/actions.js';
import { fileRef, newTemporaryFile, postWithFiles } from '../../support/factories/attachments.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import { download, filePath, newFile, PNG_1X1, type FileBody } from '../../support/factories/files.js';
import { addMember, newGroup } from '../../support/factories/groups.js';
import { stack } from '../../support/stack.js';

const TEXT = Buffer.from('Notes of a message about to be removed\n');

let network: TestNetwork;
let adminToken: string;
let authorToken: string;
let readerToken: string;
let groupEID: string;
let db: mongoose.Connection;

beforeAll(async () => {
  network = await newNetwork('Files of removed messages');
  adminToken = await network.admin.token();
  const [author, reader] = await Promise.all([network.newMember(), network.newMember()]);
  [authorToken, readerToken] = await Promise.all([author.token(), reader.token()]);
  groupEID = (await newGroup(network.networkEID, adminToken)).EID;
  await addMember(network.networkEID, groupEID, adminToken, author.profileEID);
  await addMember(network.networkEID, groupEID, adminToken, reader.profileEID);
  db = mongoose.createConnection(stack().mongoUrl, { dbName: 'ncs_messaging' });
});

afterAll(async () => {
  await db?.close();
  await closeFactories();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the store holds of a file: its record, GridFS files document and chunks. */
async function storedOf(EID: string) {
  const _id = new mongoose.Types.ObjectId(EID);
  const { networkEID } = network;
  const [record, files, chunks] = await Promise.all([
    db.collection('file_records').countDocuments({ networkEID, EID }),
    db.collection('files.files').countDocuments({ networkEID, _id }),
    db.collection('files.chunks').countDocuments({ networkEID, files_id: _id }),
  ]);
  return { record, files, chunks };
}

const fileOf = (token: string, EID: string) =>
  call<FileBody & { temporary: boolean; message: { EID: string } | null }>(
    filePath(network.networkEID, EID),
    {
      token,
    },
  );

describe('the files of a removed message', () => {
  let loose: FileBody;
  let inFolder: FileBody;
  let messageEID: string;

  beforeAll(async () => {
    loose = await newTemporaryFile(network.networkEID, authorToken, TEXT, {
      kind: 'file',
      filename: 'notes.txt',
    });
    inFolder = await newFile(network.networkEID, groupEID, authorToken);
    const posted = await postWithFiles(network.networkEID, authorToken, {
      group: { type: 'group', EID: groupEID },
      files: [fileRef(loose.EID)],
      images: [fileRef(inFolder.EID)],
    });
    expect(posted.status, posted.text).toBe(201);
    messageEID = posted.body.EID;
    // Attached: whoever reads the message reads them.
    expect((await download(network.networkEID, loose.EID, readerToken)).bytes.equals(TEXT)).toBe(true);
    const removed = await act(network.networkEID, messageEID, 'remove', authorToken);
    expect(removed.status, removed.text).toBe(204);
  });

  it('answers 404 for a file of no folder to everyone, its uploader and an administrator too', async () => {
    for (const token of [authorToken, readerToken, adminToken]) {
      expect((await download(network.networkEID, loose.EID, token)).status).toBe(404);
      expect((await fileOf(token, loose.EID)).status).toBe(404);
    }
  });

  it('does not let the file of no folder be attached again (400 -394)', async () => {
    const answer = await postWithFiles(network.networkEID, authorToken, { files: [fileRef(loose.EID)] });
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body).toMatchObject({ code: -394, errors: [{ pointer: '/body/files/0' }] });
  });

  it('keeps a file of a group folder in its folder, detached, readable and free to attach again', async () => {
    const read = await fileOf(readerToken, inFolder.EID);
    expect(read.status, read.text).toBe(200);
    expect(read.body).toMatchObject({
      folder: { type: 'folder', EID: rootFolderOf(groupEID) },
      message: null,
      temporary: false,
    });
    const bytes = await download(network.networkEID, inFolder.EID, readerToken);
    expect(bytes.status).toBe(200);
    expect(bytes.bytes.equals(PNG_1X1)).toBe(true);
    const again = await postWithFiles(network.networkEID, authorToken, { images: [fileRef(inFolder.EID)] });
    expect(again.status, again.text).toBe(201);
    expect((await fileOf(authorToken, inFolder.EID)).body.message).toMatchObject({ EID: again.body.EID });
  });

  it('sweeps the file of no folder, record, files document and chunks', async () => {
    expect(await storedOf(loose.EID)).toEqual({ record: 1, files: 1, chunks: 1 });
    const until = Date.now() + 30_000;
    while (Date.now() < until && (await storedOf(loose.EID)).record > 0) await sleep(250);
    expect(await storedOf(loose.EID)).toEqual({ record: 0, files: 0, chunks: 0 });
    expect(await storedOf(inFolder.EID)).toEqual({ record: 1, files: 1, chunks: 1 });
  }, 45_000);
});
