/**
 * An app token reads the network timeline with the application permission `get_network_timeline`
 * (spec: "Application permissions named"), as an onlooker: the network's messages, never a group's;
 * without the permission, or in a network it is not installed in, it reads nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type Problem } from '../../support/api.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import { appTokenWith } from '../../support/factories/group-ops.js';
import { newGroup, type Collection } from '../../support/factories/groups.js';
import { newMessage, timelinePath, type MessageBody } from '../../support/factories/messages.js';

afterAll(closeFactories);

let network: TestNetwork;
let memberToken: string;

beforeAll(async () => {
  network = await newNetwork('App timeline');
  memberToken = await (await network.newMember()).token();
});

describe('an app reading the network timeline', () => {
  it('reads the network timeline with get_network_timeline, without any group’s message', async () => {
    const group = await newGroup(network.networkEID, memberToken);
    const inGroup = await newMessage(network.networkEID, memberToken, { groupEID: group.EID });
    const onNetwork = await newMessage(network.networkEID, memberToken);
    const app = await appTokenWith(network.networkEID, ['get_network_timeline']);
    const page = await call<Collection<MessageBody>>(timelinePath(network.networkEID), { token: app });
    expect(page.status, page.text).toBe(200);
    const EIDs = (page.body._embedded.messages ?? []).map((m) => m.EID);
    expect(EIDs).toContain(onNetwork.EID);
    expect(EIDs).not.toContain(inGroup.EID);
  });

  it('is refused without the permission (403 naming it), and in a network it is not installed in (404)', async () => {
    const without = await appTokenWith(network.networkEID, ['list_groups']);
    const refused = await call<Problem>(timelinePath(network.networkEID), { token: without });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain('get_network_timeline');
    const elsewhere = await newNetwork('App timeline elsewhere');
    const app = await appTokenWith(elsewhere.networkEID, ['get_network_timeline']);
    expect((await call(timelinePath(network.networkEID), { token: app })).status).toBe(404);
  });
});
