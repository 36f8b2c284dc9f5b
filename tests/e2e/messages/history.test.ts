/**
 * Edit history over HTTP: an edit that changes a message's (or comment's) text keeps the version it
 * replaced, listed newest first under the message's `history` link (shown once it is edited), with
 * who wrote each version and when; an edit that changes no text keeps none; readable by whoever
 * may read the message (else 404); removed with the message. docs/decisions.md, "Messaging: edit
 * history" (the bound of 50 versions is a unit test of history/rules.ts).
 */
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { act, editAs } from '../../support/factories/actions.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import { newEvent } from '../../support/factories/events.js';
import { addMember, newGroup, type Collection } from '../../support/factories/groups.js';
import { posted } from '../../support/factories/message-types.js';
import { messagesPath, newComment, newMessage, type MessageBody } from '../../support/factories/messages.js';
import { linkPath, newNews } from '../../support/factories/news.js';
import { stack } from '../../support/stack.js';

interface VersionBody {
  type: string;
  EID: string;
  message: { type: string; EID: string };
  version: number;
  htmlBody: string;
  title?: string;
  editor: { type: string; EID: string };
  created: string;
  edited: string;
  _links: Record<string, { href: string }>;
}

let network: TestNetwork;
let adminToken: string;
let authorEID: string;
let authorToken: string;
let readerEID: string;
let readerToken: string;
let outsiderToken: string;
let db: mongoose.Connection;

beforeAll(async () => {
  network = await newNetwork('Edit history');
  adminToken = await network.admin.token();
  const [author, reader, outsider] = await Promise.all([
    network.newMember(),
    network.newMember(),
    network.newMember(),
  ]);
  [authorToken, readerToken, outsiderToken] = await Promise.all([
    author.token(),
    reader.token(),
    outsider.token(),
  ]);
  [authorEID, readerEID] = [author.profileEID, reader.profileEID];
  db = mongoose.createConnection(stack().mongoUrl, { dbName: 'ncs_messaging' });
});

afterAll(async () => {
  await db?.close();
  await closeFactories();
});

/** Edits as `token`, failing unless 200; the message as it now is. */
async function edited(messageEID: string, token: string, json: Record<string, unknown>) {
  const answer = await editAs(network.networkEID, messageEID, token, json);
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
}

/** The history of a message as `token`, through the message's `history` link. */
const historyOf = (message: MessageBody, token: string, query = '') =>
  call<Collection<VersionBody>>(`${linkPath(message, 'history')}${query}`, { token });

const versionsOf = (page: Collection<VersionBody>) => page._embedded.versions ?? [];

/** What the store keeps of the versions of `messageEIDs`. */
const storedVersions = (messageEIDs: string[]) =>
  db
    .collection('message_versions')
    .countDocuments({ networkEID: network.networkEID, messageEID: { $in: messageEIDs } });

describe('edit history', () => {
  it('keeps each replaced version, newest first, with its editor and times, paged', async () => {
    const original = await newMessage(network.networkEID, authorToken, { htmlBody: '<p>First</p>' });
    const second = await edited(original.EID, authorToken, { htmlBody: '<p>Second</p>' });
    const third = await edited(original.EID, authorToken, { htmlBody: '<p>Third</p>' });
    expect(third.htmlBody).toBe('<p>Third</p>');
    const history = await historyOf(third, readerToken);
    expect(history.status, history.text).toBe(200);
    expect(history.body.total).toBe(2);
    const author = { type: 'user', EID: authorEID };
    expect(versionsOf(history.body)).toEqual([
      expect.objectContaining({
        type: 'message_version',
        message: { type: 'update', EID: original.EID },
        version: 2,
        htmlBody: '<p>Second</p>',
        editor: author,
        created: second.lastEdited,
        edited: third.lastEdited,
      }),
      expect.objectContaining({
        version: 1,
        htmlBody: '<p>First</p>',
        editor: author,
        created: original.created,
        edited: second.lastEdited,
      }),
    ]);
    const [newest] = versionsOf(history.body);
    expect(newest).not.toHaveProperty('title');
    expect(new URL(newest!._links.message!.href).pathname).toBe(
      messagesPath(network.networkEID, `${original.EID}/`),
    );
    expect(new URL(newest!._links.editor!.href).pathname).toBe(
      `/networks/${network.networkEID}/users/${authorEID}/`,
    );
    // Paged like the other lists.
    const first = await historyOf(third, readerToken, '?limit=1');
    expect(first.body).toMatchObject({ total: 2, limit: 1, offset: 0 });
    expect(versionsOf(first.body).map((v) => v.version)).toEqual([2]);
    expect(first.body._links.next).toBeDefined();
    const nextHref = new URL(first.body._links.next!.href);
    const next = await call<Collection<VersionBody>>(`${nextHref.pathname}${nextHref.search}`, {
      token: readerToken,
    });
    expect(versionsOf(next.body).map((v) => v.version)).toEqual([1]);
  });

  it('shows no history link on a message never edited; an edit that changes no text keeps no version', async () => {
    const message = await newMessage(network.networkEID, authorToken, { htmlBody: '<p>Same</p>' });
    expect(message._links.history).toBeUndefined();
    const read = await call<MessageBody>(messagesPath(network.networkEID, `${message.EID}/`), {
      token: readerToken,
    });
    expect(read.body._links.history).toBeUndefined();
    // The same text again: edited (the link shows), yet nothing was replaced.
    const again = await edited(message.EID, authorToken, { htmlBody: '<p>Same</p>' });
    expect(again._links.history).toBeDefined();
    const history = await historyOf(again, authorToken);
    expect(history.status, history.text).toBe(200);
    expect(history.body.total).toBe(0);
    // An event's place only: no text changes.
    const event = await newEvent(network.networkEID, authorToken);
    const moved = await edited(event.EID, authorToken, { event: { location: 'Room 9' } });
    expect((await historyOf(moved, authorToken)).body.total).toBe(0);
    const detailed = await edited(event.EID, authorToken, { htmlBody: '<p>Team meeting, agenda</p>' });
    expect(versionsOf((await historyOf(detailed, authorToken)).body)).toEqual([
      expect.objectContaining({ version: 1, htmlBody: '<p>Team meeting</p>' }),
    ]);
  });

  it('keeps a comment’s versions, and a news item’s title', async () => {
    const message = await newMessage(network.networkEID, adminToken);
    const comment = await newComment(network.networkEID, message.EID, authorToken, '<p>Typo</p>');
    expect(comment._links.history).toBeUndefined();
    const fixed = await edited(comment.EID, authorToken, { htmlBody: '<p>Fixed</p>' });
    const history = await historyOf(fixed, readerToken);
    expect(history.status, history.text).toBe(200);
    expect(versionsOf(history.body)).toEqual([
      expect.objectContaining({
        message: { type: 'comment', EID: comment.EID },
        version: 1,
        htmlBody: '<p>Typo</p>',
        editor: { type: 'user', EID: authorEID },
      }),
    ]);
    const news = await newNews(network.networkEID, adminToken, { title: 'Old headline' });
    const retitled = await edited(news.EID, adminToken, { title: 'New headline' });
    expect(versionsOf((await historyOf(retitled, readerToken)).body)).toEqual([
      expect.objectContaining({ version: 1, title: 'Old headline', htmlBody: news.htmlBody }),
    ]);
  });

  it('answers 404 to whoever may not read the message, as reading it does', async () => {
    // Another network's user.
    const message = await newMessage(network.networkEID, authorToken);
    const onNetwork = await edited(message.EID, authorToken, { htmlBody: '<p>Edited</p>' });
    const other = await newNetwork('Edit history other');
    const otherToken = await other.admin.token();
    expect((await historyOf(onNetwork, otherToken)).status).toBe(404);
    // A hidden group's message: its members read the history, a non-member gets 404.
    const group = await newGroup(network.networkEID, adminToken, { hidden: true });
    await addMember(network.networkEID, group.EID, adminToken, authorEID);
    await addMember(network.networkEID, group.EID, adminToken, readerEID);
    const inGroup = await newMessage(network.networkEID, authorToken, { groupEID: group.EID });
    const groupEdited = await edited(inGroup.EID, authorToken, { htmlBody: '<p>Group, edited</p>' });
    expect((await historyOf(groupEdited, readerToken)).status).toBe(200);
    const hidden = await historyOf(groupEdited, outsiderToken);
    expect(hidden.status).toBe(404);
    const read = await call(messagesPath(network.networkEID, `${inGroup.EID}/`), { token: outsiderToken });
    expect(hidden.body).toMatchObject({ code: (read.body as { code: number }).code });
    // A private message: its recipient reads the history, anyone else gets 404.
    const sent = await posted(network.networkEID, authorToken, {
      type: 'private_message',
      htmlBody: '<p>Just us</p>',
      recipients: [{ type: 'user', EID: readerEID }],
    });
    const privateEdited = await edited(sent.EID, authorToken, { htmlBody: '<p>Just us, edited</p>' });
    expect((await historyOf(privateEdited, readerToken)).status).toBe(200);
    expect((await historyOf(privateEdited, outsiderToken)).status).toBe(404);
    expect((await historyOf(privateEdited, adminToken)).status).toBe(404);
  });

  it('removes the history with the message, its comments’ too', async () => {
    const message = await newMessage(network.networkEID, authorToken, { htmlBody: '<p>Going</p>' });
    const comment = await newComment(network.networkEID, message.EID, readerToken, '<p>Soon gone</p>');
    const messageEdited = await edited(message.EID, authorToken, { htmlBody: '<p>Going, edited</p>' });
    const commentEdited = await edited(comment.EID, readerToken, { htmlBody: '<p>Gone, edited</p>' });
    expect((await historyOf(messageEdited, authorToken)).body.total).toBe(1);
    expect(await storedVersions([message.EID, comment.EID])).toBe(2);
    const removed = await act(network.networkEID, message.EID, 'remove', authorToken);
    expect(removed.status, removed.text).toBe(204);
    expect((await historyOf(messageEdited, authorToken)).status).toBe(404);
    expect((await historyOf(commentEdited, readerToken)).status).toBe(404);
    expect(await storedVersions([message.EID, comment.EID])).toBe(0);
  });
});
