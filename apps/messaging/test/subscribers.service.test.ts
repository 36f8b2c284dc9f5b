/**
 * Message actions, subscriptions, on the real store: the subscribers of a message are
 * read in keyset pages of `SUBSCRIBERS_PAGE` (more than one page here, none repeated or skipped),
 * the commenter left out, and a comment records ONE `activity_comment` event listing them all.
 */
import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { AnyCatalogueEventInput, Outbox } from '@ncs/service-kit';
import type { MessageDoc } from '../src/messages/models.js';
import { registerMessagingModels, type MessagingModels } from '../src/models.js';
import { recordCommentActivity, SUBSCRIBERS_PAGE, subscribersOf } from '../src/messages/subscribers.js';

const NET = 'c'.repeat(24);
const eid = () => randomBytes(12).toString('hex');

let connection: mongoose.Connection;
let models: MessagingModels;

beforeAll(async () => {
  connection = await mongoose
    .createConnection(inject('mongoUrl'), {
      dbName: `messaging_subscribers_${randomBytes(4).toString('hex')}`,
    })
    .asPromise();
  models = registerMessagingModels(connection);
  await models.Subscription.syncIndexes();
});

afterAll(async () => {
  await connection?.dropDatabase();
  await connection?.close();
});

describe('subscribers of a message', () => {
  it('are read in keyset pages, each once, the commenter left out, in one event', async () => {
    const messageEID = eid();
    const people = Array.from({ length: SUBSCRIBERS_PAGE * 2 + 3 }, eid);
    await models.Subscription.insertMany(
      people.map((profileEID) => ({ networkEID: NET, messageEID, profileEID })),
    );
    // Another message's and another network's subscribers are not listed.
    await models.Subscription.create({ networkEID: NET, messageEID: eid(), profileEID: eid() });
    await models.Subscription.create({ networkEID: 'd'.repeat(24), messageEID, profileEID: eid() });

    const commenter = people[7]!;
    const found = await subscribersOf(models, NET, messageEID, commenter);
    expect(found).toHaveLength(people.length - 1);
    expect(new Set(found)).toEqual(new Set(people.filter((p) => p !== commenter)));

    const recorded: { verb: string; input: AnyCatalogueEventInput }[] = [];
    const outbox = {
      record: (name: string, input: AnyCatalogueEventInput) => {
        recorded.push({ verb: name.split('.')[2]!, input });
        return Promise.resolve({} as never);
      },
    } as unknown as Outbox;
    const message = {
      _id: messageEID,
      networkEID: NET,
      type: 'update',
      authorEID: people[0]!,
    } as unknown as MessageDoc;
    const newcomer = eid();
    const comment = {
      _id: eid(),
      networkEID: NET,
      type: 'comment',
      authorEID: newcomer,
    } as unknown as MessageDoc;
    await recordCommentActivity(models, outbox, message, comment);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.verb).toBe('activity_comment');
    expect((recorded[0]!.input.data as { recipients: unknown[] }).recipients).toHaveLength(people.length);
    // The commenter is subscribed now.
    expect(await subscribersOf(models, NET, messageEID, '')).toContain(newcomer);
  });
});
