/**
 * An off-the-shelf HAL client, unconfigured but for its token, walks the API by links alone: from
 * the entry point `GET /` to the caller's network, its timeline, a message on it, and the message's
 * `like` action link, whose POST likes it; its `react` link, whose POST adds an emoji reaction; its
 * `save` link, and back to it from the aggregate's `savedItems`. Ketting (https://github.com/badgateway/ketting) sends its
 * own `Accept` (HAL first) and reads `_links` and `_embedded` of `application/hal+json` answers.
 */
import { Ketting, bearerAuth } from 'ketting';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl } from '../../support/api.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import { newMessage } from '../../support/factories/messages.js';

afterAll(closeFactories);

let network: TestNetwork;
let readerToken: string;
let messageEID: string;

beforeAll(async () => {
  network = await newNetwork();
  const [poster, reader] = await Promise.all([network.newMember(), network.newMember()]);
  readerToken = await reader.token();
  messageEID = (await newMessage(network.networkEID, await poster.token())).EID;
});

describe('Ketting, with a bearer token and nothing else configured', () => {
  it('walks from GET / to a message of the network timeline and likes it', async () => {
    const client = new Ketting(`${baseUrl()}/`);
    client.use(bearerAuth(readerToken));

    const networkResource = await client.follow('networks');
    expect(networkResource.uri).toBe(`${baseUrl()}/networks/${network.networkEID}/`);
    const timeline = await networkResource.follow('networkTimeline');
    const message = await timeline.follow('messages');
    expect(message.uri).toBe(`${baseUrl()}/networks/${network.networkEID}/messages/${messageEID}/`);
    const before = await message.get();
    expect(before.links.has('like')).toBe(true);
    expect(before.links.has('unlike')).toBe(false);

    const like = await message.follow('like');
    await like.post({});

    const after = await message.refresh();
    expect((after.data as { _user: { liked: boolean } })._user.liked).toBe(true);
    expect(after.links.has('unlike')).toBe(true);
    expect(after.links.has('like')).toBe(false);
  });

  it('reacts through the `react` link and reads the reactions through `reactions`', async () => {
    const client = new Ketting(`${baseUrl()}/`);
    client.use(bearerAuth(readerToken));
    const timeline = await (await client.follow('networks')).follow('networkTimeline');
    const message = await timeline.follow('messages');
    await (await message.follow('react')).post({ data: { emoji: '🎉' } });
    const after = await message.refresh();
    expect((after.data as { reactions: unknown[] }).reactions).toEqual([{ emoji: '🎉', count: 1, me: true }]);
    const reactions = await (await message.follow('reactions')).get();
    expect(reactions.data).toMatchObject({ total: 1 });
  });

  it('saves a message through `save` and finds it from the aggregate’s `savedItems`', async () => {
    const client = new Ketting(`${baseUrl()}/`);
    client.use(bearerAuth(readerToken));
    const timeline = await (await client.follow('networks')).follow('networkTimeline');
    const message = await timeline.follow('messages');
    await (await message.follow('save')).post({});
    const after = await message.refresh();
    expect(after.links.has('unsave')).toBe(true);
    const savedItems = await (await client.follow('aggregates')).follow('savedItems');
    const saved = await savedItems.follow('savedItems');
    expect((await saved.get()).data).toMatchObject({ type: 'saved_item', available: true });
    const item = await saved.follow('message');
    expect(item.uri).toBe(message.uri);
  });
});
