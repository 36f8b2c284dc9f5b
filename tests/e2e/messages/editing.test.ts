/**
 * Editing a message over HTTP: `PUT …/messages/{messageEID}/` by
 * the author only, re-sanitised, `lastEdited` stamped, search tokens recomputed, an `edited` event;
 * a locked message is 409; a news item's title is editable, an update's is not; 404 across
 * networks and for a hidden group's message; bad input 400 naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { EventReader } from '../../support/events.js';
import { act, editAs } from '../../support/factories/actions.js';
import { closeFactories, newNetwork, uniqueSuffix, type TestNetwork } from '../../support/factories/core.js';
import { newGroup, type Collection } from '../../support/factories/groups.js';
import { newComment, newMessage, type MessageBody } from '../../support/factories/messages.js';
import { newNews } from '../../support/factories/news.js';

afterAll(closeFactories);

let network: TestNetwork;
let adminToken: string;
let memberToken: string;
const reader = new EventReader();

beforeAll(async () => {
  network = await newNetwork('Editing');
  adminToken = await network.admin.token();
  memberToken = await (await network.newMember()).token();
  await reader.open();
});
afterAll(() => reader.close());

const searchEIDs = async (word: string) => {
  const found = await call<Collection<MessageBody>>(`/networks/${network.networkEID}/search/?q=${word}`, {
    token: adminToken,
  });
  expect(found.status, found.text).toBe(200);
  return (found.body._embedded.results ?? []).map((m) => m.EID);
};

describe('editing a message', () => {
  it('lets the author edit: sanitised, lastEdited stamped, search follows, one edited event', async () => {
    const [before, after] = [`before${uniqueSuffix()}`, `after${uniqueSuffix()}`];
    const message = await newMessage(network.networkEID, memberToken, { htmlBody: `<p>${before}</p>` });
    expect(message.lastEdited).toBeNull();
    const edited = await editAs(network.networkEID, message.EID, memberToken, {
      htmlBody: `<p>${after}</p><script>alert(1)</script>`,
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({ EID: message.EID, htmlBody: `<p>${after}</p>` });
    expect(typeof edited.body.lastEdited).toBe('string');
    expect(await searchEIDs(after)).toEqual([message.EID]);
    expect(await searchEIDs(before)).toEqual([]);
    const [event] = await reader.eventsOf('events.messaging.message.edited', network.networkEID, 1);
    expect(event).toMatchObject({
      actor: { EID: message.author.EID },
      data: {
        message: { EID: message.EID, htmlBody: `<p>${after}</p>` },
        previousHtmlBody: `<p>${before}</p>`,
      },
    });
  });

  it('lets the author of a comment edit it', async () => {
    const message = await newMessage(network.networkEID, adminToken);
    const comment = await newComment(network.networkEID, message.EID, memberToken);
    const edited = await editAs(network.networkEID, comment.EID, memberToken, { htmlBody: '<p>Fixed</p>' });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({ type: 'comment', htmlBody: '<p>Fixed</p>' });
  });

  it('refuses anyone but the author (403, a network administrator too) and a locked message (409)', async () => {
    const message = await newMessage(network.networkEID, memberToken);
    const byAdmin = await editAs(network.networkEID, message.EID, adminToken, { htmlBody: '<p>Mine</p>' });
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body.code).toBe(-327);
    expect((await act(network.networkEID, message.EID, 'lock', memberToken)).status).toBe(200);
    const locked = await editAs(network.networkEID, message.EID, memberToken, { htmlBody: '<p>Later</p>' });
    expect(locked.status).toBe(409);
    expect(locked.body.code).toBe(-328);
  });

  it('edits a news item’s title; an update takes no title', async () => {
    const news = await newNews(network.networkEID, adminToken);
    const edited = await editAs(network.networkEID, news.EID, adminToken, {
      htmlBody: '<p>New text</p>',
      title: 'New title',
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({ title: 'New title', htmlBody: '<p>New text</p>' });
    const update = await newMessage(network.networkEID, adminToken);
    const refused = await editAs(network.networkEID, update.EID, adminToken, {
      htmlBody: '<p>x</p>',
      title: 'T',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.[0]?.pointer).toBe('/body/title');
  });

  it('answers bad input with 400 problem+json naming the field', async () => {
    const message = await newMessage(network.networkEID, memberToken);
    const cases: [Record<string, unknown>, string][] = [
      [{}, '/body'], // an edit names at least one field
      [{ htmlBody: '' }, '/body/htmlBody'],
      [{ htmlBody: '<script>x</script>' }, '/body/htmlBody'],
      [{ htmlBody: '<p>x</p>', numLikes: 3 }, '/body/numLikes'],
    ];
    for (const [json, pointer] of cases) {
      const answer = await editAs(network.networkEID, message.EID, memberToken, json);
      expect(answer.status, answer.text).toBe(400);
      expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(answer.body.errors?.map((e) => e.pointer)).toContain(pointer);
    }
  });

  it('answers 404 across networks and for a hidden group’s message', async () => {
    const other = await newNetwork('Editing other');
    const otherToken = await other.admin.token();
    const foreign = await newMessage(other.networkEID, otherToken);
    expect((await editAs(network.networkEID, foreign.EID, adminToken, { htmlBody: '<p>x</p>' })).status).toBe(
      404,
    );
    const group = await newGroup(network.networkEID, adminToken, { hidden: true });
    const hidden = await newMessage(network.networkEID, adminToken, { groupEID: group.EID });
    expect((await editAs(network.networkEID, hidden.EID, memberToken, { htmlBody: '<p>x</p>' })).status).toBe(
      404,
    );
  });
});
