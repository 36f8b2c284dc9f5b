/**
 * Files: an upload and a download that last longer than the gateway's request deadline.
 * A streamed format (`upload`, `file`) makes one call to messaging per piece for as long as the
 * bytes flow, each with a deadline of its own (gateway table-routes.ts); given the request's
 * deadline instead, every piece after it would be cut. Here a gateway of its own runs with
 * `RPC_DEADLINE_MS` and `RPC_TIMEOUT_MS` of 1 s against the stack's NATS: 16 MiB are uploaded by a
 * client that paces its body over about 3 s, then read back by a client that pauses 2.5 s after
 * the first bytes, whole and by Range, byte-exact (SHA-256).
 */
import { createHash, randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootFolderOf } from '@ncs/contracts';
import { mediaType } from '../../support/api.js';
import { closeFactories } from '../../support/factories/core.js';
import { filePath, filesScene, folderFilesPath, type FileBody } from '../../support/factories/files.js';
import { startExtraGateway, type ExtraGateway } from '../../support/extra-gateway.js';
import { stack } from '../../support/stack.js';

const DEADLINE_MS = 1_000;
const SIZE = 16 * 1024 * 1024;
/** The upload's body comes in this many pieces, one every PIECE_GAP_MS (about 3 s in all). */
const PIECES = 64;
const PIECE_GAP_MS = 47;
/** A reader's pause after the first bytes of a download. */
const PAUSE_MS = 2_500;

let gateway: ExtraGateway | undefined;
let url: string;
let networkEID: string;
let token: string;
let groupEID: string;
/** The uploaded file, removed from the store at the end (16 MiB; no route deletes a file). */
let uploadedEID: string | undefined;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function startGateway(): Promise<string> {
  gateway = await startExtraGateway('long-streams', {
    // The request's deadline is max(RPC_DEADLINE_MS, RPC_TIMEOUT_MS) (retry.ts): both 1 s.
    RPC_DEADLINE_MS: String(DEADLINE_MS),
    RPC_TIMEOUT_MS: String(DEADLINE_MS),
    RATE_LIMIT_MAX: '0',
    TOKEN_RATE_LIMIT_MAX: '0',
  });
  return gateway.url;
}

beforeAll(async () => {
  const [base, scene] = await Promise.all([startGateway(), filesScene('Files long streams')]);
  url = base;
  networkEID = scene.network.networkEID;
  token = scene.memberToken;
  groupEID = scene.groupEID;
});

afterAll(async () => {
  await gateway?.stop();
  if (uploadedEID) await removeStoredFile(uploadedEID);
  await closeFactories();
});

/** This test's own file only: its record, GridFS files document and chunks. */
async function removeStoredFile(EID: string): Promise<void> {
  const db = mongoose.createConnection(stack().mongoUrl, { dbName: 'ncs_messaging' });
  try {
    const _id = new mongoose.Types.ObjectId(EID);
    await db.collection('file_records').deleteOne({ networkEID, EID });
    await db.collection('files.files').deleteOne({ networkEID, _id });
    await db.collection('files.chunks').deleteMany({ networkEID, files_id: _id });
  } finally {
    await db.close();
  }
}

/** A multipart body with one part `file` holding `bytes`, handed out piece by piece, paced. */
function pacedMultipart(bytes: Buffer, boundary: string): ReadableStream<Uint8Array> {
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const step = Math.ceil(bytes.length / PIECES);
  let at = -1;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (at === -1) {
        controller.enqueue(head);
        at = 0;
        return;
      }
      if (at >= bytes.length) {
        controller.enqueue(tail);
        controller.close();
        return;
      }
      await sleep(PIECE_GAP_MS);
      controller.enqueue(bytes.subarray(at, at + step));
      at += step;
    },
  });
}

/** GETs the download, reads the first bytes, pauses PAUSE_MS, then reads the rest. */
async function slowDownload(fileEID: string, headers: Record<string, string> = {}) {
  const started = performance.now();
  const response = await fetch(`${url}${filePath(networkEID, fileEID, 'download')}`, {
    headers: { authorization: `Bearer ${token}`, ...headers },
    signal: AbortSignal.timeout(60_000),
  });
  const parts: Uint8Array[] = [];
  let failure: unknown;
  try {
    let first = true;
    for await (const value of response.body!) {
      parts.push(value as Uint8Array);
      if (first) await sleep(PAUSE_MS);
      first = false;
    }
  } catch (error) {
    failure = error; // a response cut mid-body
  }
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.concat(parts),
    failure,
    ms: performance.now() - started,
  };
}

describe('streams longer than the request deadline (RPC_DEADLINE_MS 1 s)', () => {
  const bytes = randomBytes(SIZE);
  let file: FileBody;

  it('takes a 16 MiB upload whose body arrives over about 3 s', async () => {
    const boundary = `ncs-${randomBytes(8).toString('hex')}`;
    const started = performance.now();
    const response = await fetch(`${url}${folderFilesPath(networkEID, rootFolderOf(groupEID))}?kind=file`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        accept: mediaType(),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body: pacedMultipart(bytes, boundary),
      duplex: 'half',
      signal: AbortSignal.timeout(60_000),
    });
    const text = await response.text();
    const ms = performance.now() - started;
    expect(response.status, text).toBe(201);
    expect(ms).toBeGreaterThanOrEqual(2_500);
    file = JSON.parse(text) as FileBody;
    uploadedEID = file.EID;
    expect(file).toMatchObject({ size: SIZE, ETag: `"${sha(bytes)}"` });
  });

  it('serves the whole file to a reader that pauses 2.5 s after the first bytes', async () => {
    const read = await slowDownload(file.EID);
    expect(read.failure).toBeUndefined();
    expect(read.status).toBe(200);
    expect(read.ms).toBeGreaterThanOrEqual(PAUSE_MS);
    expect(read.bytes.length).toBe(SIZE);
    expect(sha(read.bytes)).toBe(sha(bytes));
  });

  it('serves a Range to a reader that pauses 2.5 s after the first bytes', async () => {
    const start = 1_000_001;
    const end = SIZE - 777;
    const read = await slowDownload(file.EID, { range: `bytes=${start}-${end}` });
    expect(read.failure).toBeUndefined();
    expect(read.status).toBe(206);
    expect(read.headers.get('content-range')).toBe(`bytes ${start}-${end}/${SIZE}`);
    expect(read.bytes.length).toBe(end - start + 1);
    expect(sha(read.bytes)).toBe(sha(bytes.subarray(start, end + 1)));
  });
});
