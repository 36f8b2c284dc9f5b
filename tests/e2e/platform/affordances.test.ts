/**
 * Affordances as links: a resource carries one link per action the caller may perform now, named
 * after the action, whose POST performs it, and none for the others; a collection that takes new
 * items carries a `create` link whose POST creates one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import { newGroup } from '../../support/factories/groups.js';
import { newKbCategory } from '../../support/factories/kb.js';
import {
  groupTimelinePath,
  messagesPath,
  newComment,
  newMessage,
  timelinePath,
  type MessageBody,
} from '../../support/factories/messages.js';
import { newTask, userRef } from '../../support/factories/tasks.js';
import { startConversation } from '../../support/factories/chat.js';
import { newEvent } from '../../support/factories/events.js';
import { newPoll } from '../../support/factories/polls.js';

afterAll(closeFactories);

type Links = Record<string, { href: string }>;

let network: TestNetwork;
let author: { token: string; profileEID: string };
let other: { token: string; profileEID: string };
let admin: { token: string; profileEID: string };

beforeAll(async () => {
  network = await newNetwork();
  const [authorPerson, otherPerson] = await Promise.all([network.newMember(), network.newMember()]);
  const [authorToken, otherToken, adminToken] = await Promise.all([
    authorPerson.token(),
    otherPerson.token(),
    network.admin.token(),
  ]);
  author = { token: authorToken, profileEID: authorPerson.profileEID };
  other = { token: otherToken, profileEID: otherPerson.profileEID };
  admin = { token: adminToken, profileEID: network.admin.profileEID };
});

const pathOf = (href: string) => {
  const url = new URL(href);
  return `${url.pathname}${url.search}`;
};

async function linksAs(path: string, token: string): Promise<Links> {
  const response = await call(path, { token });
  expect(response.status, `${path} ${response.text}`).toBe(200);
  expect(response.body, 'the facts behind the links are no property').not.toHaveProperty('_actions');
  return response.body._links as Links;
}

const messageLinks = (EID: string, token: string) =>
  linksAs(messagesPath(network.networkEID, `${EID}/`), token);

/** The action relations among `links` (those whose href ends in an action, not in a slash). */
const ACTIONS = [
  'like',
  'unlike',
  'read',
  'subscribe',
  'unsubscribe',
  'lock',
  'unlock',
  'remove',
  'move',
  'share',
];
const actionsIn = (links: Links) => ACTIONS.filter((action) => action in links).sort();

describe('action links on a message', () => {
  it('differ between the author, another member and an administrator', async () => {
    const message = await newMessage(network.networkEID, author.token);
    const [mine, theirs, admins] = await Promise.all([
      messageLinks(message.EID, author.token),
      messageLinks(message.EID, other.token),
      messageLinks(message.EID, admin.token),
    ]);
    // The author is subscribed to what they post.
    expect(actionsIn(mine)).toEqual(
      ['like', 'lock', 'move', 'read', 'remove', 'share', 'unsubscribe'].sort(),
    );
    expect(actionsIn(theirs)).toEqual(['like', 'read', 'share', 'subscribe']);
    expect(actionsIn(admins)).toEqual(
      ['like', 'lock', 'move', 'read', 'remove', 'share', 'subscribe'].sort(),
    );
    expect(mine.like!.href).toBe(theirs.like!.href);
    expect(new URL(mine.lock!.href).pathname).toBe(messagesPath(network.networkEID, `${message.EID}/lock`));
  });

  it('after a like, `unlike` replaces `like`; posting `unlike` brings `like` back', async () => {
    const message = await newMessage(network.networkEID, author.token);
    const before = await messageLinks(message.EID, other.token);
    const liked = await call<MessageBody>(pathOf(before.like!.href), { method: 'POST', token: other.token });
    expect(liked.status, liked.text).toBeLessThan(300);
    const after = await messageLinks(message.EID, other.token);
    expect(after).not.toHaveProperty('like');
    expect(after).toHaveProperty('unlike');
    const unliked = await call(pathOf(after.unlike!.href), { method: 'POST', token: other.token });
    expect(unliked.status, unliked.text).toBeLessThan(300);
    expect(await messageLinks(message.EID, other.token)).toHaveProperty('like');
  });

  it('a locked message shows no `like`, and `unlock` instead of `lock` to whoever may unlock it', async () => {
    const message = await newMessage(network.networkEID, author.token);
    const links = await messageLinks(message.EID, author.token);
    const locked = await call(pathOf(links.lock!.href), { method: 'POST', token: author.token });
    expect(locked.status, locked.text).toBeLessThan(300);
    const [mine, theirs] = await Promise.all([
      messageLinks(message.EID, author.token),
      messageLinks(message.EID, other.token),
    ]);
    expect(mine).not.toHaveProperty('like');
    expect(theirs).not.toHaveProperty('like');
    expect(mine).toHaveProperty('unlock');
    expect(mine).not.toHaveProperty('lock');
    expect(theirs).not.toHaveProperty('unlock');
  });

  it('after `read`, no `read`', async () => {
    const message = await newMessage(network.networkEID, author.token);
    const links = await messageLinks(message.EID, other.token);
    const read = await call(pathOf(links.read!.href), { method: 'POST', token: other.token });
    expect(read.status, read.text).toBeLessThan(300);
    expect(await messageLinks(message.EID, other.token)).not.toHaveProperty('read');
  });

  it('a comment carries `like` and, for its author, `remove`', async () => {
    const message = await newMessage(network.networkEID, author.token);
    const comment = await newComment(network.networkEID, message.EID, other.token);
    const [commenter, messageAuthor] = await Promise.all([
      messageLinks(comment.EID, other.token),
      messageLinks(comment.EID, author.token),
    ]);
    expect(commenter).toHaveProperty('like');
    expect(commenter).toHaveProperty('remove');
    expect(commenter).not.toHaveProperty('subscribe');
    expect(messageAuthor).toHaveProperty('like');
    expect(messageAuthor).not.toHaveProperty('remove');
  });
});

describe('action links on a task', () => {
  it('the assignee sees `complete`, then `reopen`; the author who is not assigned neither', async () => {
    const task = await newTask(network.networkEID, author.token, { assignees: [userRef(other.profileEID)] });
    const [assignee, poster] = await Promise.all([
      messageLinks(task.EID, other.token),
      messageLinks(task.EID, author.token),
    ]);
    expect(assignee).toHaveProperty('complete');
    expect(assignee).not.toHaveProperty('reopen');
    expect(poster).not.toHaveProperty('complete');
    const done = await call(pathOf(assignee.complete!.href), { method: 'POST', token: other.token });
    expect(done.status, done.text).toBeLessThan(300);
    const after = await messageLinks(task.EID, other.token);
    expect(after).toHaveProperty('reopen');
    expect(after).not.toHaveProperty('complete');
  });
});

describe('action links on a poll and an event', () => {
  it('an open poll offers `vote`, whose POST of an answer votes', async () => {
    const poll = await newPoll(network.networkEID, author.token);
    const links = await messageLinks(poll.EID, other.token);
    expect(new URL(links.vote!.href).pathname).toBe(`/polls/${poll.EID}/votes/`);
    const answerEID = poll.poll.answers[0]!.EID;
    const voted = await call(pathOf(links.vote!.href), { token: other.token, json: { answerEID } });
    expect(voted.status, voted.text).toBeLessThan(300);
  });

  it('an event offers `rsvp` to a reader and `cancel` to its organiser only, then `reinstate`', async () => {
    const event = await newEvent(network.networkEID, author.token);
    const [organiser, reader] = await Promise.all([
      messageLinks(event.EID, author.token),
      messageLinks(event.EID, other.token),
    ]);
    expect(reader).toHaveProperty('rsvp');
    expect(reader).not.toHaveProperty('cancel');
    expect(organiser).toHaveProperty('cancel');
    const canceled = await call(pathOf(organiser.cancel!.href), { method: 'POST', token: author.token });
    expect(canceled.status, canceled.text).toBeLessThan(300);
    const after = await messageLinks(event.EID, author.token);
    expect(after).toHaveProperty('reinstate');
    expect(after).not.toHaveProperty('cancel');
    expect(await messageLinks(event.EID, other.token)).not.toHaveProperty('rsvp');
  });
});

describe('create links on collections', () => {
  it('the network timeline’s `create` takes a POST of a new message, which then is on it', async () => {
    const links = await linksAs(timelinePath(network.networkEID), other.token);
    expect(pathOf(links.create!.href)).toBe(messagesPath(network.networkEID));
    const posted = await call<MessageBody>(pathOf(links.create!.href), {
      token: other.token,
      json: { type: 'update', htmlBody: '<p>Through the create link</p>' },
    });
    expect(posted.status, posted.text).toBe(201);
    const timeline = await call<{ _embedded: { messages: MessageBody[] } }>(
      timelinePath(network.networkEID),
      {
        token: other.token,
      },
    );
    expect(timeline.body._embedded.messages.map((m) => m.EID)).toContain(posted.body.EID);
  });

  it('a group timeline, the comments of a message, conversations and knowledge-base categories carry one', async () => {
    const groupEID = (await newGroup(network.networkEID, admin.token)).EID;
    const message = await newMessage(network.networkEID, author.token);
    const categoryEID = await newKbCategory(network.networkEID, admin.token);
    const net = `/networks/${network.networkEID}`;
    const expected: [string, string][] = [
      [groupTimelinePath(network.networkEID, groupEID), messagesPath(network.networkEID)],
      [
        messagesPath(network.networkEID, `${message.EID}/comments/`),
        messagesPath(network.networkEID, `${message.EID}/comments/`),
      ],
      [`${net}/conversations/`, `${net}/conversations/`],
      [`${net}/knowledge-base/categories/`, `${net}/knowledge-base/categories/`],
      [
        `${net}/knowledge-base/categories/${categoryEID}/pages/`,
        `${net}/knowledge-base/categories/${categoryEID}/pages/`,
      ],
    ];
    for (const [collection, create] of expected) {
      const links = await linksAs(collection, admin.token);
      expect(links.create && pathOf(links.create.href), collection).toBe(create);
    }
    // Posting to the comments' `create` link comments on the message.
    const comments = await linksAs(messagesPath(network.networkEID, `${message.EID}/comments/`), other.token);
    const comment = await call<MessageBody>(pathOf(comments.create!.href), {
      token: other.token,
      json: { htmlBody: '<p>Through the create link</p>' },
    });
    expect(comment.status, comment.text).toBe(201);
    expect(comment.body.parent).toEqual({ type: 'update', EID: message.EID });
  });

  it('a conversation’s messages carry `create`, and posting to it sends a chat message', async () => {
    const started = await startConversation(network, author.token, [other.profileEID]);
    expect(started.status, started.text).toBeLessThan(300);
    const messages = `/networks/${network.networkEID}/conversations/${started.body.EID}/messages/`;
    const links = await linksAs(messages, author.token);
    expect(pathOf(links.create!.href)).toBe(messages);
    const sent = await call(pathOf(links.create!.href), {
      token: author.token,
      json: { htmlBody: '<p>Hi</p>' },
    });
    expect(sent.status, sent.text).toBe(201);
  });

  it('a collection nothing is posted to has no `create`', async () => {
    const message = await newMessage(network.networkEID, author.token);
    expect(
      await linksAs(messagesPath(network.networkEID, `${message.EID}/likers/`), other.token),
    ).not.toHaveProperty('create');
  });
});
