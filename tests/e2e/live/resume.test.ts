/**
 * The live stream's content events across reconnections: a client that resumes with the id of the
 * last event it saw gets what it missed from the network's log, in order and without a repeat; an
 * id the log cannot place is answered with a `reset` (the client refetches) and the stream goes on
 * live; and the aggregate links the stream, so a client finds it without knowing its path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, call, mediaType } from '../../support/api.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import { newMessage } from '../../support/factories/messages.js';
import {
  contentAbout,
  eventsNaming,
  openStream,
  streamPath,
  type OpenStream,
  type StreamOptions,
} from '../../support/factories/stream.js';

afterAll(closeFactories);

const CREATED = 'messaging.message.created';

let network: TestNetwork;
let adminToken: string;
const opened: OpenStream[] = [];

beforeAll(async () => {
  network = await newNetwork('Live resume');
  adminToken = await network.admin.token();
});

afterAll(() => {
  for (const stream of opened) stream.close();
});

async function open(token: string, options: StreamOptions = {}): Promise<OpenStream> {
  const stream = await openStream(network.networkEID, token, options);
  opened.push(stream);
  expect(stream.status, JSON.stringify(stream.problem)).toBe(200);
  await stream.waitFor((e) => e.event === 'counters');
  return stream;
}

const post = () => newMessage(network.networkEID, adminToken);
const idsOf = (stream: OpenStream) =>
  stream.events.flatMap((e) => (e.id === undefined ? [] : [Number(e.id)]));

describe('resuming content', () => {
  it('replays the posts missed after Last-Event-ID in order, without a repeat; a fresh stream does not', async () => {
    const bob = await network.newMember();
    const token = await bob.token();
    const first = await open(token);
    const seenPost = await post();
    const seen = await first.waitFor(contentAbout(CREATED, seenPost.EID));
    expect(seen.id).toMatch(/^[0-9]+$/);
    first.close();
    await first.closed;

    const missed = [await post(), await post()];
    const resumed = await open(token, { lastEventId: seen.id! });
    const replayed = [
      await resumed.waitFor(contentAbout(CREATED, missed[0]!.EID)),
      await resumed.waitFor(contentAbout(CREATED, missed[1]!.EID)),
    ];
    const [one, two] = replayed.map((e) => Number(e.id));
    expect(one).toBeGreaterThan(Number(seen.id));
    expect(two).toBeGreaterThan(one!);
    expect(resumed.events.indexOf(replayed[0]!)).toBeLessThan(resumed.events.indexOf(replayed[1]!));
    // Nothing up to the resume point comes again.
    expect(eventsNaming(resumed, seenPost.EID)).toEqual([]);
    expect(resumed.events.filter((e) => e.id !== undefined && Number(e.id) <= Number(seen.id))).toEqual([]);
    // Live again after the replay, ids increasing and none repeated.
    const live = await post();
    await resumed.waitFor(contentAbout(CREATED, live.EID));
    const ids = idsOf(resumed);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);

    // Without Last-Event-ID the stream starts from now (the missed posts are in the log already:
    // the resumed stream read them there).
    const fresh = await open(token);
    const later = await post();
    await fresh.waitFor(contentAbout(CREATED, later.EID));
    for (const message of missed) expect(eventsNaming(fresh, message.EID)).toEqual([]);
    expect(eventsNaming(fresh, live.EID)).toEqual([]);
  });

  it.each([
    ['an id past the end of the log', '99999999999'],
    ['an old 24-hex alert id', '0123456789abcdef01234567'],
  ])('answers %s with reset unknown_id, then goes on live', async (_, lastEventId) => {
    const carol = await network.newMember();
    const stream = await open(await carol.token(), { lastEventId });
    const reset = await stream.waitFor((e) => e.event === 'reset');
    expect(reset.data).toEqual({ reason: 'unknown_id' });
    const next = await post();
    const live = await stream.waitFor(contentAbout(CREATED, next.EID));
    expect(stream.events.indexOf(reset)).toBeLessThan(stream.events.indexOf(live));
    expect(live.id).toMatch(/^[0-9]+$/);
    expect(stream.events.filter((e) => e.event === 'reset')).toHaveLength(1);
  });
});

describe('the aggregate', () => {
  it('links the live stream, and following the link opens it', async () => {
    const dan = await network.newMember();
    const token = await dan.token();
    const aggregate = await call<{ _links?: Record<string, { href: string } | undefined> }>(
      `/networks/${network.networkEID}/aggregate/`,
      { token },
    );
    expect(aggregate.status, aggregate.text).toBe(200);
    const href = aggregate.body._links?.liveStream?.href;
    expect(href, JSON.stringify(aggregate.body._links)).toBeTypeOf('string');
    expect(href!.endsWith(streamPath(network.networkEID))).toBe(true);

    const url = new URL(`${href!}?closeAfter=1`, baseUrl());
    const response = await fetch(url, {
      headers: { authorization: `Bearer ${token}`, accept: mediaType() },
      signal: AbortSignal.timeout(15_000),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const text = await response.text();
    expect(text).toContain('event: counters');
    expect(text).toContain('event: end\ndata: {"reason":"closed"}');
  });
});
