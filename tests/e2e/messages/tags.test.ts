/**
 * Hashtags over HTTP: `#words` of a message become `tags` with a `tag` link each; the tag resource
 * links its messages (what the caller may read, newest first) and the follow actions; `search?tag=`
 * finds them; an edit changes them, a removal drops the message. Refused: what is no tag (400), a
 * hidden group's messages for a non-member, another network's messages. A follower's live stream
 * gets a new tagged message it may read; a non-follower's and a follower outside a hidden group's
 * do not. Decisions: docs/decisions.md, "Messaging: hashtags".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, baseUrl } from '../../support/api.js';
import { act, editAs } from '../../support/factories/actions.js';
import {
  closeFactories,
  newNetwork,
  uniqueSuffix,
  type TestNetwork,
  type TestPerson,
} from '../../support/factories/core.js';
import { addMember, newGroup, type Collection } from '../../support/factories/groups.js';
import { newComment, newMessage, type MessageBody } from '../../support/factories/messages.js';
import {
  barrier,
  contentAbout,
  eventsNaming,
  liveStreams,
  type OpenStream,
} from '../../support/factories/stream.js';

afterAll(closeFactories);

interface TagBody {
  type: string;
  name: string;
  _user: { following: boolean; alertCategory?: string };
  _links: Record<string, { href: string }>;
  code?: number;
  errors?: { pointer: string }[];
}
type Links = Record<string, { href: string } | { href: string }[]>;

let network: TestNetwork;
let other: TestNetwork;
let adminToken: string;
let author: TestPerson;
let insider: TestPerson;
let outsider: TestPerson;
let authorToken: string;
let insiderToken: string;
let outsiderToken: string;
let hidden: { EID: string };
const live = liveStreams();
afterAll(() => live.closeAll());

beforeAll(async () => {
  [network, other] = await Promise.all([newNetwork('Tags'), newNetwork('Tags elsewhere')]);
  adminToken = await network.admin.token();
  [author, insider, outsider] = await Promise.all([
    network.newMember(),
    network.newMember(),
    network.newMember(),
  ]);
  [authorToken, insiderToken, outsiderToken] = await Promise.all([
    author.token(),
    insider.token(),
    outsider.token(),
  ]);
  hidden = await newGroup(network.networkEID, adminToken, { hidden: true });
  await Promise.all([
    addMember(network.networkEID, hidden.EID, adminToken, author.profileEID),
    addMember(network.networkEID, hidden.EID, adminToken, insider.profileEID),
  ]);
});

const tagPath = (networkEID: string, tag: string, rest = '') =>
  `/networks/${networkEID}/tags/${encodeURIComponent(tag)}/${rest}`;
/** An absolute link of the gateway, as a path `call` takes. */
const pathOf = (href: string) => {
  expect(href.startsWith(baseUrl())).toBe(true);
  return href.slice(baseUrl().length);
};
const tagLinksOf = (message: MessageBody) => {
  const links = (message._links as Links).tag;
  return links === undefined ? [] : Array.isArray(links) ? links.map((l) => l.href) : [links.href];
};
async function listed(path: string, token: string): Promise<string[]> {
  const page = await call<Collection<MessageBody>>(path, { token });
  expect(page.status, page.text).toBe(200);
  return page.body._embedded.messages!.map((m) => m.EID);
}
const fresh = (stem: string) => `${stem}${uniqueSuffix()}`.replace(/[0-9]/g, (d) => 'abcdefghij'[+d]!);

describe('tags of a message', () => {
  it('shows tags and a tag link per tag, in the order written, first spelling kept', async () => {
    const word = fresh('Café');
    const post = await newMessage(network.networkEID, authorToken, {
      htmlBody: `<p>#${word} and #日本語${uniqueSuffix()} #${word.toUpperCase()} #123 <a href="https://x.example/#frag">link</a> <code>#nope</code></p>`,
    });
    const tags = post.tags as { name: string; key: string }[];
    expect(tags.map((t) => t.name)).toEqual([word, expect.stringMatching(/^日本語/)]);
    expect(tags[0]!.key).toBe(word.toLowerCase());
    const hrefs = tagLinksOf(post);
    expect(hrefs).toHaveLength(2);
    expect(hrefs[0]).toBe(`${baseUrl()}${tagPath(network.networkEID, word.toLowerCase())}`);
  });

  it('walks from the message to the tag and its messages, newest first', async () => {
    const word = fresh('walk');
    const first = await newMessage(network.networkEID, authorToken, { htmlBody: `<p>#${word} one</p>` });
    const second = await newMessage(network.networkEID, outsiderToken, { htmlBody: `<p>#${word} two</p>` });
    const comment = await newComment(network.networkEID, first.EID, outsiderToken, `<p>#${word} three</p>`);
    const tag = await call<TagBody>(pathOf(tagLinksOf(second)[0]!), { token: insiderToken });
    expect(tag.status, tag.text).toBe(200);
    expect(tag.body).toMatchObject({ type: 'tag', name: word, _user: { following: false } });
    expect(Object.keys(tag.body._links)).toEqual(expect.arrayContaining(['self', 'messages', 'follow']));
    expect(tag.body._links.unfollow).toBeUndefined();
    expect(await listed(pathOf(tag.body._links.messages!.href), insiderToken)).toEqual([
      comment.EID,
      second.EID,
      first.EID,
    ]);
    // Paged: total counts all, the page holds one.
    const page = await call<Collection<MessageBody>>(
      `${tagPath(network.networkEID, word, 'messages/')}?limit=1&offset=1`,
      {
        token: insiderToken,
      },
    );
    expect(page.body.total).toBe(3);
    expect(page.body._embedded.messages!.map((m) => m.EID)).toEqual([second.EID]);
  });

  it('names any spelling of a tag in the path, and refuses what is no tag', async () => {
    const word = fresh('Spell');
    const post = await newMessage(network.networkEID, authorToken, { htmlBody: `<p>#${word}</p>` });
    expect(await listed(tagPath(network.networkEID, word.toUpperCase(), 'messages/'), authorToken)).toEqual([
      post.EID,
    ]);
    for (const bad of ['123', 'a b', 'x'.repeat(51)]) {
      const refused = await call<TagBody>(tagPath(network.networkEID, bad), { token: authorToken });
      expect(refused.status, refused.text).toBe(400);
      expect(refused.body.code).toBe(-485);
      expect(refused.body.errors?.[0]?.pointer).toBe('/params/tag');
    }
  });

  it('lists a hidden group’s tagged message to its members only', async () => {
    const word = fresh('secret');
    const inGroup = await newMessage(network.networkEID, authorToken, {
      htmlBody: `<p>#${word}</p>`,
      groupEID: hidden.EID,
    });
    const open = await newMessage(network.networkEID, authorToken, { htmlBody: `<p>#${word}</p>` });
    const path = tagPath(network.networkEID, word, 'messages/');
    expect(await listed(path, insiderToken)).toEqual([open.EID, inGroup.EID]);
    expect(await listed(path, outsiderToken)).toEqual([open.EID]);
    // Search answers the same.
    const found = await call<Collection<MessageBody>>(
      `/networks/${network.networkEID}/search/?tag=${encodeURIComponent(word)}`,
      { token: outsiderToken },
    );
    expect(found.status, found.text).toBe(200);
    expect((found.body._embedded as unknown as { results: MessageBody[] }).results.map((m) => m.EID)).toEqual(
      [open.EID],
    );
  });

  it('never lists another network’s messages, and another network’s caller gets 404', async () => {
    const word = fresh('tenant');
    await newMessage(network.networkEID, authorToken, { htmlBody: `<p>#${word}</p>` });
    const elsewhere = await other.admin.token();
    expect(await listed(tagPath(other.networkEID, word, 'messages/'), elsewhere)).toEqual([]);
    const intruder = await call(tagPath(network.networkEID, word, 'messages/'), { token: elsewhere });
    expect(intruder.status, intruder.text).toBe(404);
    const follow = await call(tagPath(network.networkEID, word, 'follow'), { token: elsewhere, json: {} });
    expect(follow.status, follow.text).toBe(404);
  });

  it('search?tag= finds tagged messages, with q too; without q or tag it is a 400', async () => {
    const word = fresh('find');
    const [apple, pear] = await Promise.all([
      newMessage(network.networkEID, authorToken, { htmlBody: `<p>#${word} apple</p>` }),
      newMessage(network.networkEID, authorToken, { htmlBody: `<p>#${word} pear</p>` }),
    ]);
    const search = async (query: string) => {
      const answer = await call<Collection<MessageBody>>(`/networks/${network.networkEID}/search/?${query}`, {
        token: outsiderToken,
      });
      expect(answer.status, answer.text).toBe(200);
      return (answer.body._embedded as unknown as { results: MessageBody[] }).results.map((m) => m.EID);
    };
    expect((await search(`tag=${word}`)).sort()).toEqual([apple.EID, pear.EID].sort());
    expect(await search(`tag=%23${word.toUpperCase()}&q=pear`)).toEqual([pear.EID]);
    const neither = await call<TagBody>(`/networks/${network.networkEID}/search/`, { token: outsiderToken });
    expect(neither.status, neither.text).toBe(400);
    expect(neither.body.code).toBe(-487);
    const bad = await call<TagBody>(`/networks/${network.networkEID}/search/?tag=1x`, {
      token: outsiderToken,
    });
    expect(bad.status, bad.text).toBe(400);
    expect(bad.body.code).toBe(-485);
  });

  it('an edit changes the tags; a removal drops the message from the list', async () => {
    const before = fresh('before');
    const after = fresh('after');
    const post = await newMessage(network.networkEID, authorToken, { htmlBody: `<p>#${before}</p>` });
    const edited = await editAs(network.networkEID, post.EID, authorToken, { htmlBody: `<p>#${after}</p>` });
    expect(edited.status, edited.text).toBe(200);
    expect((edited.body.tags as { key: string }[]).map((t) => t.key)).toEqual([after]);
    expect(await listed(tagPath(network.networkEID, before, 'messages/'), authorToken)).toEqual([]);
    expect(await listed(tagPath(network.networkEID, after, 'messages/'), authorToken)).toEqual([post.EID]);
    const untagged = await editAs(network.networkEID, post.EID, authorToken, { htmlBody: '<p>plain</p>' });
    expect(untagged.body.tags).toBeUndefined();
    expect(tagLinksOf(untagged.body)).toEqual([]);
    await editAs(network.networkEID, post.EID, authorToken, { htmlBody: `<p>#${after}</p>` });
    const removed = await act(network.networkEID, post.EID, 'remove', authorToken);
    expect(removed.status, removed.text).toBe(204);
    expect(await listed(tagPath(network.networkEID, after, 'messages/'), authorToken)).toEqual([]);
  });
});

describe('following a tag', () => {
  it('is idempotent, keeps the chosen alert category, and unfollowing too', async () => {
    const word = fresh('follow');
    const follow = (json: unknown) =>
      call<TagBody>(tagPath(network.networkEID, word, 'follow'), { token: insiderToken, json });
    const first = await follow({});
    expect(first.status, first.text).toBe(200);
    expect(first.body._user).toEqual({ following: true, alertCategory: 'none' });
    expect(first.body._links.unfollow).toBeDefined();
    expect(first.body._links.follow).toBeUndefined();
    const again = await follow({ alertCategory: 'activity' });
    expect(again.body._user).toEqual({ following: true, alertCategory: 'activity' });
    const read = await call<TagBody>(tagPath(network.networkEID, word), { token: insiderToken });
    expect(read.body._user).toEqual({ following: true, alertCategory: 'activity' });
    const badCategory = await follow({ alertCategory: 'loud' });
    expect(badCategory.status, badCategory.text).toBe(400);
    for (let i = 0; i < 2; i++) {
      const gone = await call<TagBody>(tagPath(network.networkEID, word, 'unfollow'), {
        method: 'POST',
        token: insiderToken,
      });
      expect(gone.status, gone.text).toBe(200);
      expect(gone.body._user).toEqual({ following: false });
    }
  });

  describe('the live stream', () => {
    let insiderStream: OpenStream;
    let outsiderStream: OpenStream;
    let bystanderStream: OpenStream;
    const word = fresh('stream');

    beforeAll(async () => {
      const bystander = await network.newMember();
      [insiderStream, outsiderStream, bystanderStream] = await Promise.all([
        live.open(network.networkEID, insider),
        live.open(network.networkEID, outsider),
        live.open(network.networkEID, bystander),
      ]);
      for (const token of [insiderToken, outsiderToken]) {
        const followed = await call(tagPath(network.networkEID, word, 'follow'), { token, json: {} });
        expect(followed.status, followed.text).toBe(200);
      }
    });

    it('brings a new network message with the tag to its followers, not to others', async () => {
      const post = await newMessage(network.networkEID, authorToken, { htmlBody: `<p>#${word} news</p>` });
      for (const stream of [insiderStream, outsiderStream]) {
        const event = await stream.waitFor(contentAbout('messaging.tag.message_tagged', post.EID));
        expect((event.data.data as { tags: string[] }).tags).toEqual([word]);
      }
      await barrier(network.networkEID, adminToken, [bystanderStream]);
      expect(bystanderStream.events.filter((e) => e.event === 'messaging.tag.message_tagged')).toEqual([]);
    });

    it('brings a hidden group’s message to a following member only', async () => {
      const post = await newMessage(network.networkEID, authorToken, {
        htmlBody: `<p>#${word} inside</p>`,
        groupEID: hidden.EID,
      });
      await insiderStream.waitFor(contentAbout('messaging.tag.message_tagged', post.EID));
      await barrier(network.networkEID, adminToken, [outsiderStream]);
      expect(eventsNaming(outsiderStream, post.EID)).toEqual([]);
    });

    it('does not tell the author of their own message', async () => {
      const post = await newMessage(network.networkEID, insiderToken, { htmlBody: `<p>#${word} mine</p>` });
      await outsiderStream.waitFor(contentAbout('messaging.tag.message_tagged', post.EID));
      await barrier(network.networkEID, adminToken, [insiderStream]);
      expect(insiderStream.events.filter(contentAbout('messaging.tag.message_tagged', post.EID))).toEqual([]);
    });
  });
});
