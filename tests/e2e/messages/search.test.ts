/**
 * Search over HTTP: `GET /networks/{networkEID}/search/` finds the messages the caller
 * may read holding every word of `q`, newest first, paged; never across networks, never a hidden
 * group's message for a non-member nor a group's after the caller left it; bad input is a 400
 * naming the field. People and groups (asked of auth): names with words starting with the words of `q`, after
 * the messages; hidden groups only with `include_hidden`; `addressable_for` narrows to what the
 * caller may address; never another network's, never a suspended person.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { closeFactories, newNetwork, uniqueSuffix, type TestNetwork } from '../../support/factories/core.js';
import { addMember, membersPath, newGroup, type Collection } from '../../support/factories/groups.js';
import { newBot, setProfileFields } from '../../support/factories/directory.js';
import { newKbCategory, newKbPage } from '../../support/factories/kb.js';
import { newComment, newMessage, type MessageBody } from '../../support/factories/messages.js';
import { newNews, publishPath } from '../../support/factories/news.js';

afterAll(closeFactories);

let network: TestNetwork;
let adminToken: string;
let member: { profileEID: string; token: string };

beforeAll(async () => {
  network = await newNetwork('Search');
  adminToken = await network.admin.token();
  const m = await network.newMember();
  member = { profileEID: m.profileEID, token: await m.token() };
});

const searchPath = (networkEID: string, query: Record<string, string>) =>
  `/networks/${networkEID}/search/?${new URLSearchParams(query).toString()}`;

async function searchAs(token: string, query: Record<string, string>, networkEID = network.networkEID) {
  const response = await call<Collection<MessageBody>>(searchPath(networkEID, query), { token });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

const eidsOf = (collection: Collection<MessageBody>) =>
  (collection._embedded.results ?? []).map((item) => item.EID);

describe('searching messages', () => {
  it('finds the messages holding every word, case-insensitively, without tag names, newest first', async () => {
    const word = `zebra${uniqueSuffix()}`;
    const first = await newMessage(network.networkEID, member.token, { htmlBody: `<p>Blue ${word}</p>` });
    const second = await newMessage(network.networkEID, adminToken, {
      htmlBody: `<p><b>${word.toUpperCase()}</b> green</p>`,
    });
    const comment = await newComment(network.networkEID, first.EID, member.token, `<p>${word} blue</p>`);
    await newMessage(network.networkEID, member.token, { htmlBody: `<p>Nothing here</p>` });

    const all = await searchAs(member.token, { q: word });
    expect(eidsOf(all)).toEqual([comment.EID, second.EID, first.EID]);
    expect(all).toMatchObject({ total: 3, offset: 0 });
    expect(all._embedded.results?.[0]).toMatchObject({ type: 'comment', htmlBody: `<p>${word} blue</p>` });

    expect(eidsOf(await searchAs(member.token, { q: `${word} blue` }))).toEqual([comment.EID, first.EID]);
    expect(eidsOf(await searchAs(member.token, { q: `BLUE ${word}`, type: 'message' }))).toEqual([
      comment.EID,
      first.EID,
    ]);
    expect(eidsOf(await searchAs(member.token, { q: `${word} b` }))).toEqual([]);
  });

  it('pages with limit and offset', async () => {
    const word = `paging${uniqueSuffix()}`;
    const posted: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      posted.push(
        (await newMessage(network.networkEID, member.token, { htmlBody: `<p>${word} ${i}</p>` })).EID,
      );
    }
    const page = await searchAs(member.token, { q: word, limit: '2', offset: '1' });
    expect(page).toMatchObject({ total: 3, limit: 2, offset: 1 });
    expect(eidsOf(page)).toEqual([posted[1], posted[0]]);
  });

  it('finds a news draft only once it is published', async () => {
    const word = `draft${uniqueSuffix()}`;
    const draft = await newNews(network.networkEID, adminToken, {
      htmlBody: `<p>${word}</p>`,
      status: 'draft',
    });
    expect(draft.status).toBe('draft');
    expect(eidsOf(await searchAs(adminToken, { q: word }))).toEqual([]);
    const published = await call(publishPath(network.networkEID, draft.EID), {
      token: adminToken,
      method: 'POST',
    });
    expect(published.status, published.text).toBe(200);
    expect(eidsOf(await searchAs(member.token, { q: word }))).toEqual([draft.EID]);
  });

  it('answers no messages when `type` leaves them out', async () => {
    const word = `typed${uniqueSuffix()}`;
    await newMessage(network.networkEID, member.token, { htmlBody: `<p>${word}</p>` });
    expect(eidsOf(await searchAs(member.token, { q: word, type: 'user,group' }))).toEqual([]);
  });
});

describe('messages and articles together', () => {
  it('adds knowledge-base articles after the messages only when `type` names them', async () => {
    const word = `merged${uniqueSuffix()}`;
    const category = await newKbCategory(network.networkEID, adminToken);
    const article = await newKbPage(network.networkEID, category, adminToken, {
      title: `Guide ${word}`,
      status: 'published',
    });
    const message = await newMessage(network.networkEID, member.token, { htmlBody: `<p>${word}</p>` });

    expect(eidsOf(await searchAs(member.token, { q: word }))).toEqual([message.EID]);
    const both = await searchAs(member.token, { q: word, type: 'message,knowledge_base_article' });
    expect(both).toMatchObject({ total: 2 });
    expect(both._embedded.results?.map((item) => [item.type, item.EID])).toEqual([
      ['update', message.EID],
      ['kb_page', article],
    ]);
    const second = await searchAs(member.token, {
      q: word,
      type: 'message,knowledge_base_article',
      offset: '1',
    });
    expect(eidsOf(second)).toEqual([article]);
    expect(eidsOf(await searchAs(member.token, { q: word, type: 'knowledge_base_article' }))).toEqual([
      article,
    ]);
  });
});

describe('who sees what', () => {
  it('never answers another network’s messages holding the same words', async () => {
    const word = `tenant${uniqueSuffix()}`;
    const other = await newNetwork('Search elsewhere');
    const otherToken = await other.admin.token();
    const theirs = await newMessage(other.networkEID, otherToken, { htmlBody: `<p>${word}</p>` });
    const ours = await newMessage(network.networkEID, member.token, { htmlBody: `<p>${word}</p>` });
    expect(eidsOf(await searchAs(member.token, { q: word }))).toEqual([ours.EID]);
    expect(eidsOf(await searchAs(otherToken, { q: word }, other.networkEID))).toEqual([theirs.EID]);
    const across = await call(searchPath(other.networkEID, { q: word }), { token: member.token });
    expect(across.status).toBe(404);
  });

  it('shows a hidden group’s message to its members only, and no longer once the caller left', async () => {
    const word = `hidden${uniqueSuffix()}`;
    const group = await newGroup(network.networkEID, adminToken, { hidden: true });
    const stranger = await network.newMember();
    const strangerToken = await stranger.token();
    await addMember(network.networkEID, group.EID, adminToken, member.profileEID);
    const secret = await newMessage(network.networkEID, adminToken, {
      htmlBody: `<p>${word}</p>`,
      groupEID: group.EID,
    });
    expect(eidsOf(await searchAs(member.token, { q: word }))).toEqual([secret.EID]);
    expect(eidsOf(await searchAs(strangerToken, { q: word }))).toEqual([]);

    const removed = await call(membersPath(network.networkEID, group.EID, `${member.profileEID}/`), {
      method: 'DELETE',
      token: adminToken,
    });
    expect(removed.status, removed.text).toBe(204);
    expect(eidsOf(await searchAs(member.token, { q: word }))).toEqual([]);
  });
});

describe('bad input', () => {
  it('answers 400 naming `q` when it is missing or shorter than 2 characters', async () => {
    for (const query of [{}, { q: 'a' }] as Record<string, string>[]) {
      const response = await call<MessageBody>(searchPath(network.networkEID, query), {
        token: member.token,
      });
      expect(response.status, response.text).toBe(400);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
      expect(response.text).toContain('q');
    }
  });

  it('answers 400 naming an unknown `type` value', async () => {
    const response = await call<MessageBody>(
      searchPath(network.networkEID, { q: 'hello', type: 'message,pigeon' }),
      {
        token: member.token,
      },
    );
    expect(response.status, response.text).toBe(400);
    expect(response.body).toMatchObject({ code: -341 });
    expect(response.body.errors?.[0]).toMatchObject({ pointer: '/query/type' });
    expect(response.text).toContain('pigeon');
  });
});

describe('people and groups', () => {
  /** A member of `on` whose last name is `lastName` (first name `Ada`). */
  async function person(on: TestNetwork, lastName: string) {
    const p = await on.newMember();
    await setProfileFields(p.profileEID, { firstName: 'Ada', lastName });
    return p;
  }
  const typed = (collection: Collection<MessageBody>) =>
    (collection._embedded.results ?? []).map((item) => [item.type, item.EID]);

  it('answers messages, then people, then groups by the starts of words of their names (articles only when named)', async () => {
    const word = `zq${uniqueSuffix()}`;
    const message = await newMessage(network.networkEID, member.token, { htmlBody: `<p>${word}</p>` });
    const ann = await person(network, `${word}b`);
    const bob = await person(network, `${word}a`);
    const group = await newGroup(network.networkEID, adminToken, { name: `${word.toUpperCase()} Team` });
    // A word anywhere in a group's name counts; a word's middle does not.
    const big = await newGroup(network.networkEID, adminToken, { name: `Big ${word}` });
    await newGroup(network.networkEID, adminToken, { name: `Pre${word}` });
    const category = await newKbCategory(network.networkEID, adminToken);
    const article = await newKbPage(network.networkEID, category, adminToken, {
      title: `Guide ${word}`,
      status: 'published',
    });
    const found = await searchAs(member.token, { q: word });
    expect(typed(found)).toEqual([
      ['update', message.EID],
      ['user', bob.profileEID],
      ['user', ann.profileEID],
      ['group', big.EID],
      ['group', group.EID],
    ]);
    expect(found.total).toBe(5);
    // Every word starts a first or last name, whatever its case; a page cuts the merged list.
    expect(typed(await searchAs(member.token, { q: `ADA ${word.slice(0, 6)}`, type: 'user' }))).toEqual([
      ['user', bob.profileEID],
      ['user', ann.profileEID],
    ]);
    expect(typed(await searchAs(member.token, { q: word, offset: '2', limit: '1' }))).toEqual([
      ['user', ann.profileEID],
    ]);
    const everything = await searchAs(member.token, {
      q: word,
      type: 'message,user,group,knowledge_base_article',
    });
    expect(typed(everything).at(-1)).toEqual(['kb_page', article]);
    expect(typed(await searchAs(member.token, { q: word, type: 'group' }))).toEqual([
      ['group', big.EID],
      ['group', group.EID],
    ]);
    // Every word of q starts a word of the name, in any order.
    expect(typed(await searchAs(member.token, { q: `team ${word}`, type: 'group' }))).toEqual([
      ['group', group.EID],
    ]);
    // User input is never a pattern.
    expect(await searchAs(member.token, { q: '.*' })).toMatchObject({ total: 0 });
  });

  it('finds hidden groups only with include_hidden, and only for those who may see them', async () => {
    const word = `hq${uniqueSuffix()}`;
    const hidden = await newGroup(network.networkEID, adminToken, { name: `${word} secret`, hidden: true });
    const stranger = await network.newMember();
    const strangerToken = await stranger.token();
    await addMember(network.networkEID, hidden.EID, adminToken, member.profileEID);
    expect(typed(await searchAs(member.token, { q: word }))).toEqual([]);
    expect(typed(await searchAs(member.token, { q: word, include_hidden: 'true' }))).toEqual([
      ['group', hidden.EID],
    ]);
    expect(typed(await searchAs(adminToken, { q: word, include_hidden: 'true' }))).toEqual([
      ['group', hidden.EID],
    ]);
    expect(typed(await searchAs(strangerToken, { q: word, include_hidden: 'true' }))).toEqual([]);
  });

  it('limits results to what the caller may address with addressable_for', async () => {
    const word = `aq${uniqueSuffix()}`;
    await newMessage(network.networkEID, member.token, { htmlBody: `<p>${word}</p>` });
    const human = await person(network, word);
    const bot = await newBot(network);
    await setProfileFields(bot.profileEID, { firstName: 'Bot', lastName: word });
    const open = await newGroup(network.networkEID, adminToken, {
      name: `${word} open`,
      membersMayPost: true,
    });
    const closed = await newGroup(network.networkEID, adminToken, {
      name: `${word} closed`,
      membersMayPost: false,
    });
    await newGroup(network.networkEID, adminToken, { name: `${word} other`, membersMayPost: true });
    await addMember(network.networkEID, open.EID, adminToken, member.profileEID);
    await addMember(network.networkEID, closed.EID, adminToken, member.profileEID);

    expect(typed(await searchAs(member.token, { q: word, addressable_for: 'task' }))).toEqual([
      ['user', human.profileEID],
      ['group', open.EID],
    ]);
    expect(typed(await searchAs(member.token, { q: word, addressable_for: 'news' }))).toEqual([
      ['group', open.EID],
    ]);
    // A network administrator may post in every group.
    const asAdmin = typed(await searchAs(adminToken, { q: word, addressable_for: 'journey', type: 'group' }));
    expect(asAdmin.map(([, EID]) => EID)).toEqual(expect.arrayContaining([open.EID, closed.EID]));
    expect(asAdmin).toHaveLength(3);
    const bad = await call<MessageBody>(
      searchPath(network.networkEID, { q: word, addressable_for: 'pigeon' }),
      {
        token: member.token,
      },
    );
    expect(bad.status, bad.text).toBe(400);
    expect(bad.body.errors?.[0]?.pointer).toContain('addressable_for');
    const maybe = await call<MessageBody>(
      searchPath(network.networkEID, { q: word, include_hidden: 'maybe' }),
      {
        token: member.token,
      },
    );
    expect(maybe.status, maybe.text).toBe(400);
    expect(maybe.body.errors?.[0]?.pointer).toContain('include_hidden');
  });

  it('never answers another network’s people or groups, nor people no longer active', async () => {
    const word = `tq${uniqueSuffix()}`;
    const other = await newNetwork('Search people elsewhere');
    await person(other, word);
    await newGroup(other.networkEID, await other.admin.token(), { name: `${word} there` });
    const gone = await person(network, word);
    await gone.suspend();
    expect(await searchAs(member.token, { q: word })).toMatchObject({ total: 0 });
    expect((await call(searchPath(other.networkEID, { q: word }), { token: member.token })).status).toBe(404);
  });
});
