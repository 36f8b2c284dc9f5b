/**
 * Browsers and caches: a strong `ETag` on GET answers of resources and collections, `If-None-Match`
 * answered 304 without a body, a new tag once the resource changed, `Cache-Control` that makes
 * caches ask again; Brotli and gzip bodies that decode to the identity JSON (with tags of their
 * own that still revalidate), `/openapi.json` compressed, and the live stream never compressed.
 * Bodies are read with `node:http`, which (unlike `fetch`) hands over the encoded bytes as sent.
 */
import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, call, mediaType } from '../../support/api.js';
import { settingsPath } from '../../support/factories/account.js';
import { filePath, filesScene, newFile } from '../../support/factories/files.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import { streamPath } from '../../support/factories/stream.js';

afterAll(closeFactories);

interface RawAnswer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Buffer;
}

/** One GET with exactly these headers; the body as it came over the wire. */
function rawGet(path: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(`${baseUrl()}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    });
    sent.on('error', reject);
    sent.end();
  });
}

function decoded(answer: RawAnswer): unknown {
  const coding = answer.headers['content-encoding'];
  const bytes =
    coding === 'br'
      ? brotliDecompressSync(answer.body)
      : coding === 'gzip'
        ? gunzipSync(answer.body)
        : answer.body;
  return JSON.parse(bytes.toString('utf8'));
}

let network: TestNetwork;
let token: string;

beforeAll(async () => {
  network = await newNetwork('Caching');
  token = await network.admin.token();
});

const auth = () => ({ authorization: `Bearer ${token}`, accept: mediaType() });

describe('validators', () => {
  it('tags a resource strongly, answers 304 without a body, and tags it anew once it changed', async () => {
    const member = await network.newMember();
    const memberToken = await member.token();
    const path = settingsPath(network.networkEID, member.profileEID);
    const first = await call(path, { token: memberToken });
    expect(first.status, first.text).toBe(200);
    const tag = first.headers.get('etag');
    expect(tag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');

    const again = await call(path, { token: memberToken, headers: { 'if-none-match': tag! } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.get('etag')).toBe(tag);
    expect(again.headers.get('cache-control')).toBe('private, no-cache');
    // Weak comparison (RFC 9110 §13.1.2) and a list both match.
    const weak = await call(path, { token: memberToken, headers: { 'if-none-match': `"x", W/${tag!}` } });
    expect(weak.status).toBe(304);

    const put = await call(path, { token: memberToken, method: 'PUT', json: { compactTimeline: true } });
    expect(put.status, put.text).toBe(200);
    expect(put.headers.get('etag'), 'a write answer has no validator').toBeNull();
    const changed = await call(path, { token: memberToken, headers: { 'if-none-match': tag! } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(tag);
    expect(changed.body).toMatchObject({ compactTimeline: true });
  });

  it('tags a collection, and a new member changes its tag', async () => {
    const path = `/networks/${network.networkEID}/users/`;
    const first = await call(path, { token });
    expect(first.status, first.text).toBe(200);
    const tag = first.headers.get('etag')!;
    // `fetch` asks for gzip: above 1 KiB the tag is the compressed body's.
    expect(tag).toMatch(/^"[A-Za-z0-9_-]+(\.gzip)?"$/);
    expect((await call(path, { token, headers: { 'if-none-match': tag } })).status).toBe(304);
    await network.newMember();
    const after = await call(path, { token, headers: { 'if-none-match': tag } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(tag);
  });

  it('puts no validator on a problem', async () => {
    const missing = await call(`/networks/${network.networkEID}/users/0123456789abcdef01234567/`, {
      token,
    });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('etag')).toBeNull();
  });
});

describe('compression', () => {
  it('answers Brotli and gzip that decode to the identity JSON, each with a tag that revalidates', async () => {
    // Enough members for a collection well above the 1 KiB threshold.
    await Promise.all([1, 2, 3, 4].map(() => network.newMember()));
    const path = `/networks/${network.networkEID}/users/`;
    const identity = await rawGet(path, { ...auth(), 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.length).toBeGreaterThan(1024);
    // Uncompressed because not asked for: a shared cache must still tell the codings apart.
    expect(identity.headers.vary).toMatch(/accept-encoding/i);
    const plainTag = identity.headers.etag as string;
    for (const coding of ['br', 'gzip']) {
      const encoded = await rawGet(path, { ...auth(), 'accept-encoding': coding });
      expect(encoded.status).toBe(200);
      expect(encoded.headers['content-encoding']).toBe(coding);
      expect(encoded.headers.vary).toMatch(/accept-encoding/i);
      expect(decoded(encoded)).toEqual(decoded(identity));
      expect(encoded.body.length).toBeLessThan(identity.body.length);
      // A strong tag names one representation: the encoded one has its own, which still matches.
      const tag = encoded.headers.etag as string;
      expect(tag).toBe(`${plainTag.slice(0, -1)}.${coding}"`);
      const revalidated = await rawGet(path, { ...auth(), 'accept-encoding': coding, 'if-none-match': tag });
      expect(revalidated.status).toBe(304);
      expect(revalidated.body.length).toBe(0);
      expect(revalidated.headers.etag).toBe(tag);
    }
  });

  it('compresses /openapi.json to a small part of its size', async () => {
    const identity = await rawGet('/openapi.json', { 'accept-encoding': 'identity' });
    const br = await rawGet('/openapi.json', { 'accept-encoding': 'br' });
    const gzip = await rawGet('/openapi.json', { 'accept-encoding': 'gzip, deflate' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(br.body.length / identity.body.length).toBeLessThan(0.15);
    expect(gzip.body.length / identity.body.length).toBeLessThan(0.2);
    expect(decoded(br)).toEqual(decoded(identity));
    expect(decoded(gzip)).toEqual(decoded(identity));
    // Without a token the document is still revalidated, by anyone's cache.
    expect(identity.headers['cache-control']).toBe('no-cache');
    const tag = br.headers.etag as string;
    expect((await rawGet('/openapi.json', { 'accept-encoding': 'br', 'if-none-match': tag })).status).toBe(
      304,
    );
  });

  it('leaves small answers as they are', async () => {
    const small = await rawGet('/health', { 'accept-encoding': 'br, gzip' });
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('never compresses a file download, whole or a range, which keeps its own tag and 304', async () => {
    const scene = await filesScene('Caching files');
    const text = Buffer.from('minutes of the meeting\n'.repeat(200));
    const file = await newFile(scene.network.networkEID, scene.hiddenEID, scene.memberToken, text, {
      kind: 'file',
      filename: 'minutes.txt',
    });
    const path = filePath(scene.network.networkEID, file.EID, 'download');
    const headers = { authorization: `Bearer ${scene.memberToken}`, 'accept-encoding': 'br, gzip' };
    const whole = await rawGet(path, headers);
    expect(whole.status).toBe(200);
    expect(whole.headers['content-type']).toMatch(/^text\/plain/);
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.body.equals(text)).toBe(true);
    const part = await rawGet(path, { ...headers, range: 'bytes=0-99' });
    expect(part.status).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.body.equals(text.subarray(0, 100))).toBe(true);
    const tag = whole.headers.etag as string;
    const revalidated = await rawGet(path, { ...headers, 'if-none-match': tag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.etag).toBe(tag);
  });

  it('never compresses the live stream: its first event arrives as plain text', async () => {
    const path = `${streamPath(network.networkEID)}?closeAfter=1`;
    const answer = await rawGet(path, { ...auth(), 'accept-encoding': 'br, gzip' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers.etag).toBeUndefined();
    expect(answer.body.toString('utf8')).toContain('event: counters');
  });
});
