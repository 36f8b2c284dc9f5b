/**
 * Files: temporary uploads, sweeps and app permissions. `POST /networks/{n}/files/`
 * stores a temporary file in no folder, seen by its uploader only; not attached within
 * `FILES_TEMPORARY_TTL_MS` (8 s in the e2e stack) it is swept with its GridFS files and chunks,
 * while an attached one stays. An upload idle mid-body for `FILES_UPLOAD_IDLE_MS` (5 s here) has
 * its chunks swept. App tokens upload with `upload_files` (temporary) and `upload_into_folders`
 * (group folders), else 403 -396.
 */
import { request as httpRequest, type ClientRequest } from 'node:http';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootFolderOf } from '@ncs/contracts';
import { baseUrl, call } from '../../support/api.js';
import {
  fileRef,
  newTemporaryFile,
  postWithFiles,
  temporaryFilesPath,
  uploadTemporary,
} from '../../support/factories/attachments.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import { download, filePath, folderFilesPath, upload, PNG_1X1 } from '../../support/factories/files.js';
import { newGroup } from '../../support/factories/groups.js';
import { post, postingApp } from '../../support/factories/message-types.js';
import { stack } from '../../support/stack.js';

let network: TestNetwork;
let adminToken: string;
let memberToken: string;
let db: mongoose.Connection;

beforeAll(async () => {
  network = await newNetwork('Files temporary');
  adminToken = await network.admin.token();
  memberToken = await (await network.newMember()).token();
  db = mongoose.createConnection(stack().mongoUrl, { dbName: 'ncs_messaging' });
});

afterAll(async () => {
  await db?.close();
  await closeFactories();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every 250 ms until it holds, at most `ms`. */
async function eventually(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await sleep(250);
  }
  return check();
}

const storedOf = async (EID: string) => {
  const _id = new mongoose.Types.ObjectId(EID);
  const [files, chunks] = await Promise.all([
    db.collection('files.files').countDocuments({ networkEID: network.networkEID, _id }),
    db.collection('files.chunks').countDocuments({ networkEID: network.networkEID, files_id: _id }),
  ]);
  return files + chunks;
};

describe('a temporary upload', () => {
  it('is a file of no folder, temporary, seen by its uploader only', async () => {
    const answer = await uploadTemporary(network.networkEID, memberToken);
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body).toMatchObject({
      type: 'file',
      kind: 'image',
      temporary: true,
      folder: null,
      group: null,
      message: null,
    });
    expect((await call(filePath(network.networkEID, answer.body.EID), { token: memberToken })).status).toBe(
      200,
    );
    expect((await call(filePath(network.networkEID, answer.body.EID), { token: adminToken })).status).toBe(
      404,
    );
    expect((await download(network.networkEID, answer.body.EID, adminToken)).status).toBe(404);
  });

  it('refuses a declared image that is not one (400), like a folder upload', async () => {
    const answer = await uploadTemporary(network.networkEID, memberToken, Buffer.from('not an image'));
    expect(answer.status, answer.text).toBe(400);
  });

  it('is swept with its chunks when not attached in time; an attached one stays', async () => {
    const [waiting, attached] = await Promise.all([
      newTemporaryFile(network.networkEID, memberToken),
      newTemporaryFile(network.networkEID, memberToken),
    ]);
    const posted = await postWithFiles(network.networkEID, memberToken, { images: [fileRef(attached.EID)] });
    expect(posted.status, posted.text).toBe(201);
    expect(await storedOf(waiting.EID)).toBeGreaterThan(0);
    const gone = await eventually(
      async () =>
        (await call(filePath(network.networkEID, waiting.EID), { token: memberToken })).status === 404,
      30_000,
    );
    expect(gone, 'the temporary file is swept').toBe(true);
    expect(await storedOf(waiting.EID)).toBe(0);
    const kept = await download(network.networkEID, attached.EID, adminToken);
    expect(kept.status).toBe(200);
    expect(kept.bytes.equals(PNG_1X1)).toBe(true);
  }, 45_000);
});

/** Starts a multipart upload and sends `bytes` of its part, leaving the body unfinished. */
function unfinishedUpload(path: string, token: string, bytes: number): ClientRequest {
  const boundary = 'ncs-boundary-7f3a';
  const url = new URL(`${baseUrl()}${path}?kind=file`);
  const request = httpRequest(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'transfer-encoding': 'chunked',
    },
  });
  request.on('error', () => undefined); // the connection is cut on purpose
  request.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  request.write(Buffer.alloc(bytes, 7));
  return request;
}

const uploadsOfNetwork = () =>
  db.collection('file_uploads').find({ networkEID: network.networkEID }).toArray();
const chunksOf = (uploadId: string) =>
  db.collection('files.chunks').countDocuments({
    networkEID: network.networkEID,
    files_id: new mongoose.Types.ObjectId(uploadId),
  });

describe('an abandoned upload', () => {
  it('has its chunks swept once idle, while the client still holds the connection', async () => {
    const request = unfinishedUpload(temporaryFilesPath(network.networkEID), memberToken, 600 * 1024);
    try {
      let uploadId = '';
      const started = await eventually(async () => {
        const [upload] = await uploadsOfNetwork();
        uploadId = upload ? String(upload.uploadId) : '';
        return uploadId !== '' && (await chunksOf(uploadId)) >= 2;
      }, 15_000);
      expect(started, 'the upload stored chunks').toBe(true);
      const swept = await eventually(
        async () => (await uploadsOfNetwork()).length === 0 && (await chunksOf(uploadId)) === 0,
        30_000,
      );
      expect(swept, 'the idle upload and its chunks are swept').toBe(true);
    } finally {
      request.destroy(); // cut mid-body
    }
  }, 50_000);

  it('leaves nothing behind when the connection is cut mid-body', async () => {
    const request = unfinishedUpload(temporaryFilesPath(network.networkEID), memberToken, 300 * 1024);
    let uploadId = '';
    await eventually(async () => {
      const [upload] = await uploadsOfNetwork();
      uploadId = upload ? String(upload.uploadId) : '';
      return uploadId !== '' && (await chunksOf(uploadId)) >= 1;
    }, 15_000);
    request.destroy();
    expect(uploadId).not.toBe('');
    const clean = await eventually(
      async () => (await uploadsOfNetwork()).length === 0 && (await chunksOf(uploadId)) === 0,
      30_000,
    );
    expect(clean).toBe(true);
  }, 50_000);
});

describe('app uploads', () => {
  it('takes a temporary upload with upload_files, and attaches it to an app_update', async () => {
    const app = await postingApp(network, ['post_updates', 'upload_files']);
    const answer = await uploadTemporary(network.networkEID, app.token);
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body).toMatchObject({ uploader: { type: 'app', EID: app.appEID }, temporary: true });
    const posted = await post(network.networkEID, app.token, {
      type: 'app_update',
      htmlBody: '<p>Report</p>',
      images: [fileRef(answer.body.EID)],
    });
    expect(posted.status, posted.text).toBe(201);
    expect(posted.body).toMatchObject({ numImages: 1 });
    expect((await download(network.networkEID, answer.body.EID, memberToken)).status).toBe(200);
  });

  it('is 403 -396 without upload_files', async () => {
    const app = await postingApp(network, ['post_updates']);
    const answer = await uploadTemporary(network.networkEID, app.token);
    expect(answer.status, answer.text).toBe(403);
    expect(answer.body).toMatchObject({ code: -396 });
  });

  it('uploads into a group folder with upload_into_folders only (403 -396 without)', async () => {
    const group = await newGroup(network.networkEID, adminToken);
    const path = folderFilesPath(network.networkEID, rootFolderOf(group.EID));
    const allowed = await postingApp(network, ['upload_into_folders']);
    const stored = await upload(path, allowed.token, PNG_1X1, { kind: 'image', filename: 'dot.png' });
    expect(stored.status, stored.text).toBe(201);
    expect(stored.body).toMatchObject({
      uploader: { type: 'app', EID: allowed.appEID },
      group: { type: 'group', EID: group.EID },
    });
    // Who reads the group's content reads it where it lives.
    expect((await download(network.networkEID, stored.body.EID, adminToken)).status).toBe(200);
    const refused = await upload(path, (await postingApp(network, ['upload_files'])).token, PNG_1X1, {
      kind: 'image',
    });
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body).toMatchObject({ code: -396 });
    // A hidden group is not seen without post_to_any_group: 404.
    const hidden = await newGroup(network.networkEID, adminToken, { hidden: true });
    const unseen = await upload(
      folderFilesPath(network.networkEID, rootFolderOf(hidden.EID)),
      allowed.token,
      PNG_1X1,
      {
        kind: 'image',
      },
    );
    expect(unseen.status, unseen.text).toBe(404);
  });
});
