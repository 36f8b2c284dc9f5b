/**
 * `HEAD …/files/{fileEID}/download` answers the headers the `GET` answers (`Content-Length` of the
 * file or of the range asked, `Content-Type`, `ETag`, `Accept-Ranges`, `Content-Disposition`) and no
 * body; `If-None-Match` is 304 and a file the caller may not read 404, as for `GET`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl } from '../../support/api.js';
import { closeFactories } from '../../support/factories/core.js';
import { download, filePath, filesScene, newFile, type FilesScene } from '../../support/factories/files.js';

afterAll(closeFactories);

const TEXT = Buffer.from('The minutes of the meeting, in plain text.\n');
const SAME_HEADERS = ['content-length', 'content-type', 'etag', 'accept-ranges', 'content-disposition'];

let scene: FilesScene;
let fileEID: string;

beforeAll(async () => {
  scene = await filesScene('HEAD downloads');
  const file = await newFile(scene.network.networkEID, scene.hiddenEID, scene.memberToken, TEXT, {
    kind: 'file',
    filename: 'minutes.txt',
  });
  fileEID = file.EID;
});

async function head(token: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl()}${filePath(scene.network.networkEID, fileEID, 'download')}`, {
    method: 'HEAD',
    headers: { authorization: `Bearer ${token}`, ...headers },
    signal: AbortSignal.timeout(60_000),
  });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

const headersOf = (headers: Headers) =>
  Object.fromEntries(SAME_HEADERS.map((name) => [name, headers.get(name)]));

describe('HEAD of a download', () => {
  it("answers the GET's headers, Content-Length the file's size, and no body", async () => {
    const [got, headed] = await Promise.all([
      download(scene.network.networkEID, fileEID, scene.memberToken),
      head(scene.memberToken),
    ]);
    expect(got.status).toBe(200);
    expect(headed.status).toBe(200);
    expect(headed.headers.get('content-length')).toBe(String(TEXT.length));
    expect(headed.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(headed.headers.get('accept-ranges')).toBe('bytes');
    expect(headed.headers.get('etag')).toBeTruthy();
    expect(headersOf(headed.headers)).toEqual(headersOf(got.headers));
    expect(headed.bytes).toHaveLength(0);
  });

  it('answers a range: 206, the length of the part and its Content-Range', async () => {
    const headed = await head(scene.memberToken, { range: 'bytes=4-10' });
    expect(headed.status).toBe(206);
    expect(headed.headers.get('content-length')).toBe('7');
    expect(headed.headers.get('content-range')).toBe(`bytes 4-10/${TEXT.length}`);
    expect(headed.bytes).toHaveLength(0);
  });

  it('answers 304 to a matching If-None-Match, and 404 to a caller who may not read the file', async () => {
    const first = await head(scene.memberToken);
    expect((await head(scene.memberToken, { 'if-none-match': first.headers.get('etag')! })).status).toBe(304);
    const outsider = await head(scene.outsiderToken);
    expect(outsider.status).toBe(404);
    expect(outsider.headers.get('content-length')).not.toBe(String(TEXT.length));
  });
});
