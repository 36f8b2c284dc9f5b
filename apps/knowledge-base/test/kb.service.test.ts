/**
 * The knowledge-base service in process, over real NATS and the real store: its handlers are
 * reached only through NATS subjects, as the gateway and the messaging service reach them. Auth's
 * one answer the knowledge base asks for (the profiles of a network) comes from a stand-in on the
 * service's RPC client, so no other service has to run.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { findRoute, internalSubjects, type AnyRoute, type RequestContext } from '@ncs/contracts';
import {
  createLogger,
  createServiceRuntime,
  rpcClientOf,
  serveModule,
  type RpcCall,
  type RuntimeHandle,
  type ServedModule,
} from '@ncs/service-kit';
import { buildKnowledgeBaseService } from '../src/app.js';
import { MANAGE_KNOWLEDGE_BASE } from '../src/core/rules.js';
import type { ProfileSummary } from '../src/managers/rules.js';

const eid = () => randomBytes(12).toString('hex');
const dbName = `kb_test_${randomBytes(4).toString('hex')}`;
let runtime: RuntimeHandle;
let served: ServedModule;

/** The profiles auth would answer, by network: the stand-in answers only the request's network's. */
const directory = new Map<string, Map<string, ProfileSummary>>();

interface Person {
  readonly networkEID: string;
  readonly profileEID: string;
  readonly ctx: RequestContext;
}

/** A person of a network, known to the auth stand-in as an active member unless told otherwise. */
function person(
  networkEID: string,
  options: { admin?: boolean; external?: boolean; userState?: string; language?: string } = {},
): Person {
  const profileEID = eid();
  const external = options.external ?? false;
  if (!directory.has(networkEID)) directory.set(networkEID, new Map());
  directory.get(networkEID)!.set(profileEID, {
    EID: profileEID,
    extrnal: external,
    userState: options.userState ?? 'active',
  });
  const ctx: RequestContext = {
    version: '2026.1.13',
    requestId: `svc-${profileEID}`,
    networkEID,
    ...(options.language ? { language: options.language } : {}),
    principal: {
      profileEID,
      external,
      roles: [options.admin ? 'admin' : 'member'],
      permissions: options.admin ? [MANAGE_KNOWLEDGE_BASE] : [],
    },
  };
  return { networkEID, profileEID, ctx };
}

/** A route of the knowledge base called over NATS as `who`, with the status the handler chose. */
async function call<T = Record<string, unknown>>(
  id: AnyRoute['id'],
  who: Person,
  request: Omit<RpcCall, 'ctx'> = {},
): Promise<{ data: T; status: number | undefined }> {
  const params = { networkEID: who.networkEID, ...request.params };
  return runtime.rpc.requestWithStatus<T>(findRoute(id).subject, { ...request, params, ctx: who.ctx });
}
const data = async <T = Record<string, unknown>>(...args: Parameters<typeof call>) =>
  (await call<T>(...args)).data;

/** The catalogue name a call is refused with. */
const refusal = (pending: Promise<unknown>) =>
  pending.then(
    () => 'resolved',
    (error: { errorName?: string }) => error.errorName,
  );

const LIST = { limit: 50, offset: 0 };

async function newCategory(admin: Person, body: Record<string, unknown> = {}): Promise<string> {
  const created = await data<{ EID: string }>('category.create', admin, {
    body: { name: 'Guides', ...body },
  });
  return created.EID;
}

async function newPage(editor: Person, categoryEID: string, body: Record<string, unknown>): Promise<string> {
  const page = await data<{ EID: string }>('page.create', editor, { params: { categoryEID }, body });
  return page.EID;
}

const search = (who: Person, q: string) =>
  runtime.rpc.request(internalSubjects.kbSearch, {
    ctx: who.ctx,
    body: { q, limit: 10 },
  });

const outboxCount = (subject: string, networkEID: string) =>
  runtime.db.collection('outbox').countDocuments({ subject, networkEID });

beforeAll(async () => {
  runtime = await createServiceRuntime({
    service: 'kb',
    natsUrl: inject('natsUrl'),
    mongoUrl: inject('mongoUrl'),
    dbName,
    rpcTimeoutMs: 10_000,
    logger: createLogger({ service: 'kb', level: 'silent' }),
  });
  const rpc = rpcClientOf(async (subject, request, options) => {
    if (subject !== internalSubjects.profilesBatch)
      return runtime.rpc.requestWithStatus(subject, request, options);
    const { EIDs } = request.body as { EIDs: string[] };
    const members = directory.get(request.ctx.networkEID ?? '') ?? new Map<string, ProfileSummary>();
    const found = EIDs.flatMap((EID) => (members.has(EID) ? [members.get(EID)!] : []));
    return { data: found as never, status: undefined };
  });
  const module = buildKnowledgeBaseService({ ...runtime, rpc });
  served = await serveModule(runtime, module, { version: '0.0.0-test', description: 'kb under test' });
});

afterAll(async () => {
  await served?.stop();
  await runtime?.db.dropDatabase();
  await runtime?.close();
});

describe('home', () => {
  it('is created on first read with the title in the caller’s language; only managers edit it', async () => {
    const networkEID = eid();
    const member = person(networkEID, { language: 'nl' });
    const admin = person(networkEID, { admin: true });
    expect(await data('home.get', member)).toMatchObject({ title: 'Kennisbank', titleCustomised: false });
    expect(await refusal(call('home.setTitle', member, { body: { title: 'Wiki' } }))).toBe(
      'KB_ERR_MANAGE_PERMISSION_REQUIRED',
    );
    expect(await data('home.setTitle', admin, { body: { title: 'Wiki' } })).toMatchObject({
      title: 'Wiki',
      titleCustomised: true,
    });
    expect(await data('home.get', member)).toMatchObject({ title: 'Wiki' });
    // Another network's home is its own.
    expect(await data('home.get', person(eid()))).toMatchObject({ titleCustomised: false });
  });
});

describe('categories', () => {
  it('are created by managers only, two levels deep, and recorded as events', async () => {
    const networkEID = eid();
    const admin = person(networkEID, { admin: true });
    expect(await refusal(call('category.create', person(networkEID), { body: { name: 'X' } }))).toBe(
      'KB_ERR_MANAGE_PERMISSION_REQUIRED',
    );
    const top = await newCategory(admin);
    const child = await newCategory(admin, { name: 'Child', parent: { type: 'kb_category', EID: top } });
    expect(await data('category.get', admin, { params: { categoryEID: child } })).toMatchObject({
      parent: { type: 'kb_category', EID: top },
    });
    expect(
      await refusal(
        call('category.create', admin, { body: { name: 'G', parent: { type: 'kb_category', EID: child } } }),
      ),
    ).toBe('KB_ERR_PARENT_NOT_TOP_LEVEL');
    // Another network's category is no parent here.
    const elsewhere = await newCategory(person(eid(), { admin: true }));
    expect(
      await refusal(
        call('category.create', admin, {
          body: { name: 'G', parent: { type: 'kb_category', EID: elsewhere } },
        }),
      ),
    ).toBe('KB_ERR_PARENT_NOT_TOP_LEVEL');
    expect(await outboxCount(`events.kb.category.created.${networkEID}`, networkEID)).toBe(2);
  });

  it('hide internal ones and their children from external members, and every one from other networks', async () => {
    const networkEID = eid();
    const admin = person(networkEID, { admin: true });
    const external = person(networkEID, { external: true });
    const member = person(networkEID);
    const open = await newCategory(admin, { name: 'Open' });
    const internal = await newCategory(admin, { name: 'Staff', audienceType: 'internal' });
    const child = await newCategory(admin, {
      name: 'Staff child',
      parent: { type: 'kb_category', EID: internal },
    });
    const listed = async (who: Person) =>
      (await data<{ items: { EID: string }[] }>('category.list', who, { query: LIST })).items.map(
        (c) => c.EID,
      );

    expect(await listed(member)).toEqual([open, internal, child]);
    expect(await listed(external)).toEqual([open]);
    expect(await refusal(call('category.get', external, { params: { categoryEID: internal } }))).toBe(
      'KB_ERR_CATEGORY_NOT_FOUND',
    );
    expect(await refusal(call('category.get', external, { params: { categoryEID: child } }))).toBe(
      'KB_ERR_CATEGORY_NOT_FOUND',
    );
    expect(await data('category.get', member, { params: { categoryEID: child } })).toMatchObject({
      EID: child,
    });

    const stranger = person(eid(), { admin: true });
    expect(await refusal(call('category.get', stranger, { params: { categoryEID: open } }))).toBe(
      'KB_ERR_CATEGORY_NOT_FOUND',
    );
    expect(await refusal(call('category.delete', stranger, { params: { categoryEID: open } }))).toBe(
      'KB_ERR_CATEGORY_NOT_FOUND',
    );
    expect(await listed(stranger)).toEqual([]);
  });

  it('highlight keeps the first time; a category with children or live pages is kept', async () => {
    const admin = person(eid(), { admin: true });
    const top = await newCategory(admin);
    const first = await data<{ highlightedAt: string }>('category.highlight', admin, {
      params: { categoryEID: top },
    });
    expect(first.highlightedAt).toEqual(expect.any(String));
    const again = await data<{ highlightedAt: string }>('category.highlight', admin, {
      params: { categoryEID: top },
    });
    expect(again.highlightedAt).toBe(first.highlightedAt);
    expect(await data('category.unhighlight', admin, { params: { categoryEID: top } })).toMatchObject({
      highlightedAt: null,
    });

    const child = await newCategory(admin, { parent: { type: 'kb_category', EID: top } });
    expect(await refusal(call('category.delete', admin, { params: { categoryEID: top } }))).toBe(
      'KB_ERR_CATEGORY_NOT_EMPTY',
    );
    const page = await newPage(admin, child, { title: 'T', body: 'B' });
    expect(await refusal(call('category.delete', admin, { params: { categoryEID: child } }))).toBe(
      'KB_ERR_CATEGORY_NOT_EMPTY',
    );
    // A soft-deleted page does not keep its category.
    expect((await call('page.delete', admin, { params: { pageEID: page } })).status).toBe(204);
    expect((await call('category.delete', admin, { params: { categoryEID: child } })).status).toBe(204);
    expect((await call('category.delete', admin, { params: { categoryEID: top } })).status).toBe(204);
  });
});

describe('managers', () => {
  it('are assigned with 201 then 200, active internal members of the network to top-level categories only', async () => {
    const networkEID = eid();
    const admin = person(networkEID, { admin: true });
    const member = person(networkEID);
    const top = await newCategory(admin);
    const child = await newCategory(admin, { parent: { type: 'kb_category', EID: top } });
    const assign = (who: Person, categoryEID: string, profileEID: string) =>
      call('categoryManager.assign', who, { params: { categoryEID }, body: { profileEID } });

    const first = await assign(admin, top, member.profileEID);
    expect(first.status).toBe(201);
    expect(first.data).toMatchObject({ total: 1, users: [{ type: 'user', EID: member.profileEID }] });
    const again = await assign(admin, top, member.profileEID);
    expect(again.status).toBe(200);
    expect(again.data).toMatchObject({ total: 1 });
    expect(await outboxCount(`events.kb.manager.assigned.${networkEID}`, networkEID)).toBe(1);

    expect(await refusal(assign(member, top, member.profileEID))).toBe('KB_ERR_MANAGE_PERMISSION_REQUIRED');
    expect(await refusal(assign(admin, child, member.profileEID))).toBe('KB_ERR_MANAGER_TOP_LEVEL_ONLY');
    expect(await refusal(assign(admin, top, person(networkEID, { external: true }).profileEID))).toBe(
      'KB_ERR_MANAGER_EXTERNAL_PROFILE',
    );
    expect(await refusal(assign(admin, top, person(networkEID, { userState: 'suspended' }).profileEID))).toBe(
      'KB_ERR_MANAGER_PROFILE_NOT_FOUND',
    );
    expect(await refusal(assign(admin, top, person(eid()).profileEID))).toBe(
      'KB_ERR_MANAGER_PROFILE_NOT_FOUND',
    );

    expect(
      await refusal(
        call('categoryManager.remove', member, {
          params: { categoryEID: top, profileEID: member.profileEID },
        }),
      ),
    ).toBe('KB_ERR_MANAGE_PERMISSION_REQUIRED');
    const removed = await call('categoryManager.remove', admin, {
      params: { categoryEID: top, profileEID: member.profileEID },
    });
    expect(removed.status).toBe(204);
    expect(await data('categoryManager.list', member, { params: { categoryEID: top } })).toMatchObject({
      total: 0,
    });
    expect(
      await refusal(
        call('categoryManager.remove', admin, {
          params: { categoryEID: top, profileEID: member.profileEID },
        }),
      ),
    ).toBe('KB_ERR_MANAGER_NOT_FOUND');
  });
});

describe('pages', () => {
  it('are edited by administrators and the managers of the top-level category, drafts read by them only', async () => {
    const networkEID = eid();
    const admin = person(networkEID, { admin: true });
    const manager = person(networkEID);
    const member = person(networkEID);
    const top = await newCategory(admin);
    const child = await newCategory(admin, { parent: { type: 'kb_category', EID: top } });
    const other = await newCategory(admin);
    await call('categoryManager.assign', admin, {
      params: { categoryEID: top },
      body: { profileEID: manager.profileEID },
    });

    // A manager of the top-level category edits its child's pages, not another category's.
    const draft = await newPage(manager, child, { title: 'Draft', body: 'Work in progress' });
    expect(await refusal(newPage(manager, other, { title: 'T', body: 'B' }))).toBe(
      'KB_ERR_PAGE_EDIT_FORBIDDEN',
    );
    expect(await refusal(newPage(member, child, { title: 'T', body: 'B' }))).toBe(
      'KB_ERR_PAGE_EDIT_FORBIDDEN',
    );

    expect(await refusal(call('page.get', member, { params: { pageEID: draft } }))).toBe(
      'KB_ERR_PAGE_NOT_FOUND',
    );
    expect(await data('page.get', manager, { params: { pageEID: draft } })).toMatchObject({
      status: 'draft',
    });
    const listed = async (who: Person) =>
      (await data<{ items: unknown[] }>('page.list', who, { params: { categoryEID: child }, query: LIST }))
        .items.length;
    expect(await listed(member)).toBe(0);
    expect(await listed(manager)).toBe(1);

    // Publishing records one event; the published page is read by every member, edited by none of them.
    await data('page.update', manager, { params: { pageEID: draft }, body: { status: 'published' } });
    await data('page.update', manager, { params: { pageEID: draft }, body: { status: 'published' } });
    expect(await outboxCount(`events.kb.page.published.${networkEID}`, networkEID)).toBe(1);
    expect(await data('page.get', member, { params: { pageEID: draft } })).toMatchObject({
      status: 'published',
    });
    expect(
      await refusal(call('page.update', member, { params: { pageEID: draft }, body: { title: 'X' } })),
    ).toBe('KB_ERR_PAGE_EDIT_FORBIDDEN');
    expect(
      await refusal(call('page.update', manager, { params: { pageEID: draft }, body: { title: '' } })),
    ).toBe('KB_ERR_PUBLISHED_PAGE_EMPTY');

    // Soft delete: gone for members, shown with `deletedAt` to editors.
    expect((await call('page.delete', manager, { params: { pageEID: draft } })).status).toBe(204);
    expect(await refusal(call('page.get', member, { params: { pageEID: draft } }))).toBe(
      'KB_ERR_PAGE_NOT_FOUND',
    );
    expect(await data('page.get', admin, { params: { pageEID: draft } })).toMatchObject({
      deletedAt: expect.any(String),
    });
    // Another network's administrator finds nothing.
    expect(
      await refusal(call('page.get', person(eid(), { admin: true }), { params: { pageEID: draft } })),
    ).toBe('KB_ERR_PAGE_NOT_FOUND');
  });

  it('are found by search only where the caller may read them', async () => {
    const networkEID = eid();
    const admin = person(networkEID, { admin: true });
    const member = person(networkEID);
    const external = person(networkEID, { external: true });
    const open = await newCategory(admin, { name: 'Open' });
    const staff = await newCategory(admin, { name: 'Staff', audienceType: 'internal' });
    const published = await newPage(admin, open, { title: 'Holiday policy', body: 'B', status: 'published' });
    const draft = await newPage(admin, open, { title: 'Holiday draft', body: 'B' });
    const internal = await newPage(admin, staff, { title: 'Holiday bonus', body: 'B', status: 'published' });
    const found = async (who: Person) => (await search(who, 'HOLIDAY')).items.map((p) => p.EID).sort();

    expect(await found(admin)).toEqual([published, draft, internal].sort());
    expect(await found(member)).toEqual([published, internal].sort());
    expect(await found(external)).toEqual([published]);
    expect(await search(person(eid(), { admin: true }), 'holiday')).toEqual({ total: 0, items: [] });
    expect(
      // A body its contract refuses, sent untyped on purpose.
      await refusal(
        runtime.rpc.request(internalSubjects.kbSearch as string, { ctx: member.ctx, body: { q: 1 } }),
      ),
    ).toBe('BAD_REQUEST');
  });
});

describe('saved items: the pages a reader may read, in one batch (rpc.kb.page.readable)', () => {
  const readable = (who: Person, EIDs: string[]) =>
    runtime.rpc.request(internalSubjects.kbPagesOfReader, { ctx: who.ctx, body: { EIDs } });

  it('answers each page as page.get would, and says why the others are not shown', async () => {
    const networkEID = eid();
    const admin = person(networkEID, { admin: true });
    const manager = person(networkEID);
    const member = person(networkEID);
    const external = person(networkEID, { external: true });
    const open = await newCategory(admin);
    const internal = await newCategory(admin, { audienceType: 'internal' });
    await call('categoryManager.assign', admin, {
      params: { categoryEID: open },
      body: { profileEID: manager.profileEID },
    });
    const published = await newPage(admin, open, { title: 'P', body: 'B', status: 'published' });
    const draft = await newPage(admin, open, { title: 'D', body: 'B' });
    const hidden = await newPage(admin, internal, { title: 'I', body: 'B', status: 'published' });
    const deleted = await newPage(admin, open, { title: 'X', body: 'B', status: 'published' });
    await call('page.delete', admin, { params: { pageEID: deleted } });
    const otherAdmin = person(eid(), { admin: true });
    const elsewhere = await newPage(otherAdmin, await newCategory(otherAdmin), {
      title: 'E',
      body: 'B',
      status: 'published',
    });
    const asked = [published, draft, hidden, deleted, elsewhere, eid()];

    const shown = async (who: Person) => {
      const reply = await readable(who, asked);
      return {
        pages: reply.pages.map((page) => page.EID),
        unavailable: Object.fromEntries(reply.unavailable.map(({ EID, reason }) => [EID, reason])),
      };
    };
    expect(await shown(member)).toEqual({
      pages: [published, hidden],
      unavailable: {
        [draft]: 'no_access',
        [deleted]: 'removed',
        [elsewhere]: 'removed',
        [asked[5]!]: 'removed',
      },
    });
    expect((await shown(external)).unavailable[hidden]).toBe('no_access');
    // Editors read drafts: the category's manager and administrators.
    expect((await shown(manager)).pages).toEqual([published, draft, hidden]);
    expect((await shown(admin)).pages).toEqual([published, draft, hidden]);
    expect((await readable(member, [published])).pages[0]).toMatchObject({ type: 'kb_page', title: 'P' });
  });
});
