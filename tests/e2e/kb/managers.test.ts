/**
 * Knowledge-base category managers over HTTP (spec: Knowledge base; States and transitions):
 * 201 then 200 (idempotent, also concurrently), top-level categories only, non-external profiles
 * of the same network only, `MANAGE_KNOWLEDGE_BASE` needed, `embed=users`, removal, and managers
 * editing their category's pages.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { closeFactories, newNetwork } from '../../support/factories/core.js';
import { kbPath, newKbCategory } from '../../support/factories/kb.js';

afterAll(closeFactories);

interface Managers {
  type: string;
  total: number;
  users: { type: string; EID: string }[];
  code?: number;
  _embedded?: { users?: { type: string; EID: string; extrnal: boolean }[] };
}

const managersPath = (networkEID: string, categoryEID: string) =>
  kbPath(networkEID, `categories/${categoryEID}/managers/`);

describe('knowledge-base category managers', () => {
  it('assigns with 201, re-assigns with 200 and no duplicate, lists and embeds the users in one go', async () => {
    const network = await newNetwork();
    const token = await network.admin.token();
    const category = await newKbCategory(network.networkEID, token);
    const [first, second] = [await network.newMember(), await network.newMember()];
    const assign = (profileEID: string) =>
      call<Managers>(managersPath(network.networkEID, category), { token, json: { profileEID } });

    const created = await assign(first.profileEID);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      type: 'kb_category_managers',
      total: 1,
      users: [{ type: 'user', EID: first.profileEID }],
    });
    const again = await assign(first.profileEID);
    expect(again.status).toBe(200);
    expect(again.body.total).toBe(1);
    expect((await assign(second.profileEID)).status).toBe(201);

    const list = await call<Managers>(`${managersPath(network.networkEID, category)}?embed=users`, { token });
    expect(list.status).toBe(200);
    expect(list.body.users.map((u) => u.EID)).toEqual([first.profileEID, second.profileEID]);
    expect(list.body._embedded?.users?.map((u) => [u.type, u.EID, u.extrnal])).toEqual([
      ['user', first.profileEID, false],
      ['user', second.profileEID, false],
    ]);
    // Members may read the list too.
    const asMember = await call<Managers>(managersPath(network.networkEID, category), {
      token: await first.token(),
    });
    expect(asMember.body.total).toBe(2);
  });

  it('keeps one assignment under 10 concurrent POSTs: one 201, nine 200', async () => {
    const network = await newNetwork();
    const token = await network.admin.token();
    const category = await newKbCategory(network.networkEID, token);
    const person = await network.newMember();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        call<Managers>(managersPath(network.networkEID, category), {
          token,
          json: { profileEID: person.profileEID },
        }),
      ),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    const list = await call<Managers>(managersPath(network.networkEID, category), { token });
    expect(list.body.users).toEqual([{ type: 'user', EID: person.profileEID }]);
  });

  it('refuses a child category, an external profile and another network’s profile (400 with codes)', async () => {
    const [network, other] = await Promise.all([newNetwork(), newNetwork()]);
    const token = await network.admin.token();
    const top = await newKbCategory(network.networkEID, token);
    const child = await newKbCategory(network.networkEID, token, {
      parent: { type: 'kb_category', EID: top },
    });
    const member = await network.newMember();
    const external = await network.newMember({ external: true });
    const stranger = await other.newMember();

    const onChild = await call<Managers>(managersPath(network.networkEID, child), {
      token,
      json: { profileEID: member.profileEID },
    });
    expect([onChild.status, onChild.body.code]).toEqual([400, -207]);
    const ext = await call<Managers>(managersPath(network.networkEID, top), {
      token,
      json: { profileEID: external.profileEID },
    });
    expect([ext.status, ext.body.code]).toEqual([400, -209]);
    const foreign = await call<Managers>(managersPath(network.networkEID, top), {
      token,
      json: { profileEID: stranger.profileEID },
    });
    expect([foreign.status, foreign.body.code]).toEqual([400, -208]);
    const malformed = await call<{ errors: { pointer: string }[] }>(managersPath(network.networkEID, top), {
      token,
      json: { profileEID: 'nope' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0]?.pointer).toBe('/body/profileEID');
    expect((await call<Managers>(managersPath(network.networkEID, top), { token })).body.total).toBe(0);
  });

  it('needs MANAGE_KNOWLEDGE_BASE to assign or remove (403 for a member), 404 across networks', async () => {
    const [network, other] = await Promise.all([newNetwork(), newNetwork()]);
    const token = await network.admin.token();
    const category = await newKbCategory(network.networkEID, token);
    const member = await network.newMember();
    const memberToken = await member.token();
    const denied = await call(managersPath(network.networkEID, category), {
      token: memberToken,
      json: { profileEID: member.profileEID },
    });
    expect(denied.status).toBe(403);
    await call(managersPath(network.networkEID, category), {
      token,
      json: { profileEID: member.profileEID },
    });
    const removeDenied = await call(`${managersPath(network.networkEID, category)}${member.profileEID}/`, {
      token: memberToken,
      method: 'DELETE',
    });
    expect(removeDenied.status).toBe(403);

    const otherToken = await other.admin.token();
    const crossRead = await call(managersPath(other.networkEID, category), { token: otherToken });
    expect(crossRead.status).toBe(404);
    const crossAssign = await call(managersPath(other.networkEID, category), {
      token: otherToken,
      json: { profileEID: other.admin.profileEID },
    });
    expect(crossAssign.status).toBe(404);
  });

  it('removes an assignment (204, then 404), after which the person can no longer edit pages', async () => {
    const network = await newNetwork();
    const token = await network.admin.token();
    const top = await newKbCategory(network.networkEID, token);
    const child = await newKbCategory(network.networkEID, token, {
      parent: { type: 'kb_category', EID: top },
    });
    const manager = await network.newMember();
    const managerToken = await manager.token();
    const createPage = (categoryEID: string) =>
      call(kbPath(network.networkEID, `categories/${categoryEID}/pages/`), {
        token: managerToken,
        json: { title: 'Managed', body: 'Text' },
      });

    expect((await createPage(top)).status).toBe(403);
    await call(managersPath(network.networkEID, top), { token, json: { profileEID: manager.profileEID } });
    const page = await createPage(top);
    expect(page.status).toBe(201);
    // Managers edit the pages of their category and of its children.
    expect((await createPage(child)).status).toBe(201);
    const edit = await call(kbPath(network.networkEID, `pages/${String(page.body.EID)}/`), {
      token: managerToken,
      method: 'PUT',
      json: { title: 'Edited by the manager' },
    });
    expect(edit.status).toBe(200);
    // Managing pages is not managing categories.
    const categoryEdit = await call(kbPath(network.networkEID, `categories/${top}/`), {
      token: managerToken,
      method: 'PUT',
      json: { name: 'x' },
    });
    expect(categoryEdit.status).toBe(403);

    const removePath = `${managersPath(network.networkEID, top)}${manager.profileEID}/`;
    expect((await call(removePath, { token, method: 'DELETE' })).status).toBe(204);
    expect((await call(removePath, { token, method: 'DELETE' })).status).toBe(404);
    expect((await call<Managers>(managersPath(network.networkEID, top), { token })).body.total).toBe(0);
    expect((await createPage(top)).status).toBe(403);
  });
});
