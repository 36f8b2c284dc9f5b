/**
 * What is not published yet stays with its author on the live stream too: a news draft and a
 * scheduled message reach their author's own streams (their other devices) and nobody else's; a
 * draft once published reaches the network.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import {
  closeFactories,
  newNetwork,
  type TestNetwork,
  type TestPerson,
} from '../../support/factories/core.js';
import { messagesPath } from '../../support/factories/messages.js';
import { newNews } from '../../support/factories/news.js';
import {
  contentAbout,
  eventsNaming,
  type OpenStream,
  barrier,
  liveStreams,
} from '../../support/factories/stream.js';

afterAll(closeFactories);

let network: TestNetwork;
let adminToken: string;
const live = liveStreams();

beforeAll(async () => {
  network = await newNetwork('Live unpublished');
  adminToken = await network.admin.token();
});

afterAll(() => live.closeAll());

const streamOf = (person: TestPerson): Promise<OpenStream> => live.open(network.networkEID, person);
const barrierOn = (streams: readonly OpenStream[]) => barrier(network.networkEID, adminToken, streams);

describe('drafts and scheduled messages', () => {
  it("reach their author's streams only, and a draft reaches everyone once published", async () => {
    const member = await network.newMember();
    const [authorsOther, membersStream] = await Promise.all([streamOf(network.admin), streamOf(member)]);

    const draft = await newNews(network.networkEID, adminToken, { status: 'draft', title: 'Soon' });
    await authorsOther.waitFor(contentAbout('messaging.message.draft_created', draft.EID));
    await barrierOn([membersStream]);
    expect(eventsNaming(membersStream, draft.EID)).toEqual([]);

    const published = await call(messagesPath(network.networkEID, `${draft.EID}/publish`), {
      token: adminToken,
      method: 'POST',
    });
    expect(published.status, published.text).toBe(200);
    await membersStream.waitFor(contentAbout('messaging.message.published', draft.EID));
  });

  it("keeps a scheduled message to its author's streams until its time", async () => {
    const [author, other] = await Promise.all([network.newMember(), network.newMember()]);
    const [authorsStream, othersStream] = await Promise.all([streamOf(author), streamOf(other)]);
    const scheduledAt = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await call<{ EID: string }>(messagesPath(network.networkEID), {
      token: await author.token(),
      json: { type: 'update', htmlBody: '<p>Later</p>', scheduledAt },
    });
    expect(scheduled.status, scheduled.text).toBe(201);
    await authorsStream.waitFor(contentAbout('messaging.message.scheduled', scheduled.body.EID));
    await barrierOn([othersStream]);
    expect(eventsNaming(othersStream, scheduled.body.EID)).toEqual([]);
  });
});
