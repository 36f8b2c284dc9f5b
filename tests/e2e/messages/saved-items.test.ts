/**
 * Saved items over HTTP: every message, comment and knowledge-base page the caller reads carries
 * `save` (or `unsave` once saved, with `_user.saved`); the aggregate links `savedItems`, the
 * caller's own, most recently saved first, each embedding the item as the caller reads it now, or a
 * tombstone (`available: false`, `reason`) once the item was removed or the caller lost access. A
 * saved item is removed with `unsave` or `DELETE`. Nobody reads another's. Refused: another
 * network's message, a hidden group's message to a non-member, a page the caller may not read (404),
 * one more than the bound (409). Decisions: docs/decisions.md, "Saved items".
 */
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAVED_ITEMS_PER_PERSON_MAX } from '@ncs/contracts';
import { call } from '../../support/api.js';
import { stack } from '../../support/stack.js';
import { act } from '../../support/factories/actions.js';
import {
  closeFactories,
  newNetwork,
  type TestNetwork,
  type TestPerson,
} from '../../support/factories/core.js';
import { addMember, membersPath, newGroup } from '../../support/factories/groups.js';
import { kbPath, newKbCategory, newKbPage } from '../../support/factories/kb.js';
import { messagesPath, newComment, newMessage } from '../../support/factories/messages.js';

afterAll(closeFactories);

type Links = Record<string, { href: string } | undefined>;
interface Thing {
  type: string;
  EID: string;
  title?: string;
  _user?: { saved?: boolean };
  _links: Links;
}
interface SavedItem {
  type: 'saved_item';
  EID: string;
  item: { type: string; EID: string };
  created: string;
  available: boolean;
  reason: string | null;
  _links: Links;
  _embedded?: { item: Thing };
}
interface SavedPage {
  total: number;
  _embedded: { savedItems: SavedItem[] };
}

let network: TestNetwork;
let adminToken: string;
let alice: TestPerson;
let aliceToken: string;
let bobToken: string;
let categoryEID: string;

beforeAll(async () => {
  network = await newNetwork('Saved items');
  adminToken = await network.admin.token();
  const [a, b] = await Promise.all([network.newMember(), network.newMember()]);
  alice = a;
  [aliceToken, bobToken] = await Promise.all([a.token(), b.token()]);
  categoryEID = await newKbCategory(network.networkEID, adminToken);
});

const path = (href: string) => {
  const url = new URL(href);
  return `${url.pathname}${url.search}`;
};
const get = async <T>(href: string, token: string) => {
  const answer = await call<T>(href.startsWith('http') ? path(href) : href, { token });
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
};
const post = (href: string, token: string) => call<Thing>(path(href), { method: 'POST', token });
const readMessage = (messageEID: string, token: string) =>
  get<Thing>(messagesPath(network.networkEID, `${messageEID}/`), token);
const readPage = (pageEID: string, token: string) =>
  get<Thing>(kbPath(network.networkEID, `pages/${pageEID}/`), token);
const newPublishedPage = () =>
  newKbPage(network.networkEID, categoryEID, adminToken, { status: 'published', title: 'Saved page' });

/** The caller's saved items, found from the aggregate's `savedItems` link. */
async function savedItemsOf(token: string, query = ''): Promise<SavedPage> {
  const aggregate = await get<{ _links: Links }>(`/networks/${network.networkEID}/aggregate/`, token);
  expect(aggregate._links.savedItems, 'the aggregate links `savedItems`').toBeDefined();
  return get<SavedPage>(`${path(aggregate._links.savedItems!.href)}${query}`, token);
}
const itemsOf = (page: SavedPage) => page._embedded.savedItems ?? [];

describe('saving messages and comments', () => {
  it('saves through `save` (idempotent), shows `unsave` and `_user.saved`, and unsaves', async () => {
    const message = await newMessage(network.networkEID, adminToken);
    const before = await readMessage(message.EID, aliceToken);
    expect(before._user?.saved).toBe(false);
    expect(before._links.unsave).toBeUndefined();
    const saved = await post(before._links.save!.href, aliceToken);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body._user?.saved).toBe(true);
    expect(saved.body._links.unsave).toBeDefined();
    expect(saved.body._links.save).toBeUndefined();
    // Again: nothing more (one saved item).
    expect((await act(network.networkEID, message.EID, 'save', aliceToken)).status).toBe(200);
    expect(itemsOf(await savedItemsOf(aliceToken)).filter((s) => s.item.EID === message.EID)).toHaveLength(1);
    // Another reader's flag is their own.
    expect((await readMessage(message.EID, bobToken))._user?.saved).toBe(false);

    const unsaved = await post(saved.body._links.unsave!.href, aliceToken);
    expect(unsaved.status, unsaved.text).toBe(200);
    expect(unsaved.body._user?.saved).toBe(false);
    expect((await act(network.networkEID, message.EID, 'unsave', aliceToken)).status).toBe(200);
    expect(itemsOf(await savedItemsOf(aliceToken)).some((s) => s.item.EID === message.EID)).toBe(false);
  });

  it('lists the caller’s own, most recently saved first, each embedded as the caller reads it', async () => {
    const message = await newMessage(network.networkEID, adminToken);
    const comment = await newComment(network.networkEID, message.EID, adminToken);
    const pageEID = await newPublishedPage();
    expect((await act(network.networkEID, message.EID, 'save', bobToken)).status).toBe(200);
    expect((await act(network.networkEID, comment.EID, 'save', bobToken)).status).toBe(200);
    const page = await readPage(pageEID, bobToken);
    expect(page._user?.saved).toBe(false);
    const savedPage = await post(page._links.save!.href, bobToken);
    expect(savedPage.status, savedPage.text).toBe(200);
    expect(savedPage.body).toMatchObject({ type: 'kb_page', EID: pageEID, _user: { saved: true } });
    expect(savedPage.body._links.unsave).toBeDefined();
    // The page as kb answers it now knows it is saved (kb asks messaging).
    const reread = await readPage(pageEID, bobToken);
    expect(reread._user?.saved).toBe(true);
    expect(reread._links.unsave).toBeDefined();
    expect(reread._links.save).toBeUndefined();

    const list = await savedItemsOf(bobToken);
    const items = itemsOf(list);
    expect(items.map((s) => s.item.EID).slice(0, 3)).toEqual([pageEID, comment.EID, message.EID]);
    expect(items[0]).toMatchObject({ available: true, reason: null, item: { type: 'kb_page' } });
    expect(items[0]!._embedded!.item).toMatchObject({ type: 'kb_page', EID: pageEID, title: 'Saved page' });
    expect(items[0]!._links.page).toBeDefined();
    expect(items[1]!._embedded!.item).toMatchObject({
      type: 'comment',
      EID: comment.EID,
      _user: { saved: true },
    });
    expect(items[1]!._links.message!.href).toContain(`/messages/${comment.EID}/`);
    expect(items[2]!._embedded!.item._links.unsave).toBeDefined();
    // Paged like every list.
    const first = await savedItemsOf(bobToken, '?limit=1');
    expect(itemsOf(first).map((s) => s.item.EID)).toEqual([pageEID]);
    expect(first.total).toBe(list.total);
    // Each saved item reads on its own (self).
    expect((await get<SavedItem>(items[1]!._links.self!.href, bobToken)).item.EID).toBe(comment.EID);
  });
});

describe('tombstones', () => {
  it('shows a removed message, a deleted page and lost access as tombstones without content', async () => {
    const hidden = await newGroup(network.networkEID, adminToken, { hidden: true });
    await addMember(network.networkEID, hidden.EID, adminToken, alice.profileEID);
    const secret = await newMessage(network.networkEID, adminToken, {
      htmlBody: '<p>secret text</p>',
      groupEID: hidden.EID,
    });
    const doomed = await newMessage(network.networkEID, adminToken, { htmlBody: '<p>doomed text</p>' });
    const [deletedPage, draftedPage] = await Promise.all([newPublishedPage(), newPublishedPage()]);
    for (const EID of [secret.EID, doomed.EID])
      expect((await act(network.networkEID, EID, 'save', aliceToken)).status).toBe(200);
    for (const EID of [deletedPage, draftedPage])
      expect(
        (await post(`http://x${kbPath(network.networkEID, `pages/${EID}/save`)}`, aliceToken)).status,
      ).toBe(200);
    expect(
      itemsOf(await savedItemsOf(aliceToken))
        .slice(0, 4)
        .every((s) => s.available),
    ).toBe(true);

    // Alice leaves the hidden group; the message is removed; one page is deleted, the other drafted.
    const left = await call(membersPath(network.networkEID, hidden.EID, `${alice.profileEID}/`), {
      token: adminToken,
      method: 'DELETE',
    });
    expect(left.status, left.text).toBeLessThan(300);
    expect((await act(network.networkEID, doomed.EID, 'remove', adminToken)).status).toBe(204);
    expect(
      (
        await call(kbPath(network.networkEID, `pages/${deletedPage}/`), {
          token: adminToken,
          method: 'DELETE',
        })
      ).status,
    ).toBe(204);
    const drafted = await call(kbPath(network.networkEID, `pages/${draftedPage}/`), {
      token: adminToken,
      method: 'PUT',
      json: { status: 'draft' },
    });
    expect(drafted.status, drafted.text).toBe(200);

    const list = await savedItemsOf(aliceToken);
    const byEID = new Map(itemsOf(list).map((s) => [s.item.EID, s]));
    expect(byEID.get(secret.EID)).toMatchObject({ available: false, reason: 'no_access' });
    expect(byEID.get(doomed.EID)).toMatchObject({ available: false, reason: 'removed' });
    expect(byEID.get(deletedPage)).toMatchObject({ available: false, reason: 'removed' });
    expect(byEID.get(draftedPage)).toMatchObject({ available: false, reason: 'no_access' });
    for (const EID of [secret.EID, doomed.EID, deletedPage, draftedPage])
      expect(byEID.get(EID)!._embedded).toBeUndefined();
    const text = JSON.stringify(list);
    expect(text).not.toContain('secret text');
    expect(text).not.toContain('doomed text');
    // The message itself stays 404 to her; the tombstone is removed with DELETE, once.
    expect(
      (await call(messagesPath(network.networkEID, `${secret.EID}/`), { token: aliceToken })).status,
    ).toBe(404);
    const self = path(byEID.get(secret.EID)!._links.self!.href);
    expect((await call(self, { token: aliceToken, method: 'DELETE' })).status).toBe(204);
    const again = await call<{ code: number }>(self, { token: aliceToken, method: 'DELETE' });
    expect([again.status, again.body.code]).toEqual([404, -490]);
    expect(itemsOf(await savedItemsOf(aliceToken)).some((s) => s.item.EID === secret.EID)).toBe(false);
  });
});

describe('privacy and refusals', () => {
  it('keeps each person’s saved items their own: another’s is 404 to read and to delete', async () => {
    const message = await newMessage(network.networkEID, adminToken);
    expect((await act(network.networkEID, message.EID, 'save', aliceToken)).status).toBe(200);
    const mine = itemsOf(await savedItemsOf(aliceToken)).find((s) => s.item.EID === message.EID)!;
    expect(itemsOf(await savedItemsOf(bobToken)).some((s) => s.EID === mine.EID)).toBe(false);
    const self = path(mine._links.self!.href);
    for (const method of ['GET', 'DELETE']) {
      const refused = await call<{ code: number }>(self, { token: bobToken, method });
      expect([refused.status, refused.body.code]).toEqual([404, -490]);
      expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    }
    expect((await get<SavedItem>(self, aliceToken)).available).toBe(true);
  });

  it('refuses another network’s message, a hidden group’s to a non-member and an unreadable page (404)', async () => {
    const other = await newNetwork('Saved elsewhere');
    const otherToken = await other.admin.token();
    const message = await newMessage(network.networkEID, adminToken);
    const foreign = await call(messagesPath(other.networkEID, `${message.EID}/save`), {
      method: 'POST',
      token: otherToken,
    });
    expect(foreign.status).toBe(404);
    const intoNetwork = await call(messagesPath(network.networkEID, `${message.EID}/save`), {
      method: 'POST',
      token: otherToken,
    });
    expect(intoNetwork.status).toBe(404);

    const hidden = await newGroup(network.networkEID, adminToken, { hidden: true });
    const secret = await newMessage(network.networkEID, adminToken, { groupEID: hidden.EID });
    const refused = await call<{ code: number }>(messagesPath(network.networkEID, `${secret.EID}/save`), {
      method: 'POST',
      token: bobToken,
    });
    expect([refused.status, refused.body.code]).toEqual([404, -300]);

    const draft = await newKbPage(network.networkEID, categoryEID, adminToken); // a draft: its editors only
    const page = await call<{ code: number }>(kbPath(network.networkEID, `pages/${draft}/save`), {
      method: 'POST',
      token: bobToken,
    });
    expect(page.status).toBe(404);
    expect(itemsOf(await savedItemsOf(bobToken)).some((s) => [secret.EID, draft].includes(s.item.EID))).toBe(
      false,
    );
    // The administrator reads the draft, so may save it.
    expect(
      (await call(kbPath(network.networkEID, `pages/${draft}/save`), { method: 'POST', token: adminToken }))
        .status,
    ).toBe(200);
  });

  it(`keeps at most ${SAVED_ITEMS_PER_PERSON_MAX} per person (409 for one more; saving a kept one again is fine)`, async () => {
    const carol = await network.newMember();
    const carolToken = await carol.token();
    const kept = await newMessage(network.networkEID, adminToken);
    expect((await act(network.networkEID, kept.EID, 'save', carolToken)).status).toBe(200);
    // The rest of the bound written to the store directly (a thousand posts would only be slow).
    const db = mongoose.createConnection(stack().mongoUrl, { dbName: 'ncs_messaging' });
    try {
      const savedAt = new Date(Date.now() - 60_000);
      await db.collection('saved_items').insertMany(
        Array.from({ length: SAVED_ITEMS_PER_PERSON_MAX - 1 }, () => ({
          networkEID: network.networkEID,
          profileEID: carol.profileEID,
          kind: 'message',
          itemType: 'update',
          itemEID: new mongoose.Types.ObjectId().toHexString(),
          savedAt,
        })),
      );
    } finally {
      await db.close();
    }
    const extra = await newMessage(network.networkEID, adminToken);
    const refused = await call<{ code: number }>(messagesPath(network.networkEID, `${extra.EID}/save`), {
      method: 'POST',
      token: carolToken,
    });
    expect([refused.status, refused.body.code]).toEqual([409, -491]);
    expect((await act(network.networkEID, kept.EID, 'save', carolToken)).status).toBe(200);
    // Unknown things read as removed; the list still answers one page.
    const page = await savedItemsOf(carolToken, '?limit=5');
    expect(page.total).toBe(SAVED_ITEMS_PER_PERSON_MAX);
    expect(itemsOf(page)[0]).toMatchObject({ item: { EID: kept.EID }, available: true });
    expect(itemsOf(page)[1]).toMatchObject({ available: false, reason: 'removed' });
  });
});
