/**
 * Knowledge-base pages over HTTP (spec: Knowledge base; Errors; Versioning): drafts and published
 * pages, `coverImage`, soft delete (`deletedAt`), the 2026.1.0 gate on `title`/`body` on both
 * sides, search of articles (`type=knowledge_base_article` only, drafts only for their editors),
 * and the domain events on JetStream.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventReader } from '../../support/events.js';
import { call, mediaType, type Problem } from '../../support/api.js';
import { closeFactories, newNetwork } from '../../support/factories/core.js';
import { kbPath, newKbCategory, newKbPage } from '../../support/factories/kb.js';

afterAll(closeFactories);

interface Collection {
  total: number;
  _embedded: Record<string, { EID: string; status?: string }[]>;
}

const pagesOf = (networkEID: string, categoryEID: string) =>
  kbPath(networkEID, `categories/${categoryEID}/pages/`);

describe('knowledge-base pages', () => {
  it('creates a draft by default, publishes it, edits and reads it with HAL links', async () => {
    const network = await newNetwork();
    const token = await network.admin.token();
    const category = await newKbCategory(network.networkEID, token);
    const created = await call(pagesOf(network.networkEID, category), {
      token,
      json: { title: 'Onboarding', body: 'Welcome!', coverImage: 'https://cdn.example/cover.jpg' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      type: 'kb_page',
      title: 'Onboarding',
      body: 'Welcome!',
      status: 'draft',
      coverImage: 'https://cdn.example/cover.jpg',
      category: { type: 'kb_category', EID: category },
      author: { type: 'user', EID: network.admin.profileEID },
      publishedAt: null,
      deletedAt: null,
    });
    const path = kbPath(network.networkEID, `pages/${String(created.body.EID)}/`);
    const published = await call(path, { token, method: 'PUT', json: { status: 'published' } });
    expect(published.status).toBe(200);
    expect(published.body.status).toBe('published');
    expect(published.body.publishedAt).toMatch(/\+00:00$/);
    const edited = await call(path, {
      token,
      method: 'PUT',
      json: { body: 'Welcome aboard!', coverImage: null },
    });
    expect(edited.body).toMatchObject({ title: 'Onboarding', body: 'Welcome aboard!', coverImage: null });
    const read = await call(path, { token });
    expect(read.status).toBe(200);
    const links = read.body._links as Record<string, { href: string }>;
    expect(links.category?.href).toContain(`/knowledge-base/categories/${category}/`);
  });

  it('shows drafts only to editors: members get 404 for a draft and only published pages in lists', async () => {
    const network = await newNetwork();
    const token = await network.admin.token();
    const category = await newKbCategory(network.networkEID, token);
    const draft = await newKbPage(network.networkEID, category, token);
    const published = await newKbPage(network.networkEID, category, token, { status: 'published' });
    const member = await (await network.newMember()).token();
    expect((await call(kbPath(network.networkEID, `pages/${draft}/`), { token: member })).status).toBe(404);
    expect((await call(kbPath(network.networkEID, `pages/${published}/`), { token: member })).status).toBe(
      200,
    );
    const memberList = await call<Collection>(pagesOf(network.networkEID, category), { token: member });
    expect(memberList.body.total).toBe(1);
    expect(memberList.body._embedded.pages!.map((p) => p.EID)).toEqual([published]);
    const adminList = await call<Collection>(pagesOf(network.networkEID, category), { token });
    expect(adminList.body.total).toBe(2);
  });

  it('soft-deletes: deletedAt is set, the page leaves lists and readers, editors still see it', async () => {
    const network = await newNetwork();
    const token = await network.admin.token();
    const category = await newKbCategory(network.networkEID, token);
    const page = await newKbPage(network.networkEID, category, token, { status: 'published' });
    const path = kbPath(network.networkEID, `pages/${page}/`);
    expect((await call(path, { token, method: 'DELETE' })).status).toBe(204);
    const asEditor = await call(path, { token });
    expect(asEditor.status).toBe(200);
    expect(asEditor.body.deletedAt).toMatch(/\+00:00$/);
    const member = await (await network.newMember()).token();
    expect((await call(path, { token: member })).status).toBe(404);
    expect((await call<Collection>(pagesOf(network.networkEID, category), { token })).body.total).toBe(0);
    expect((await call(path, { token, method: 'PUT', json: { title: 'back' } })).status).toBe(404);
    // A second delete keeps the first time.
    expect((await call(path, { token, method: 'DELETE' })).status).toBe(204);
    expect((await call(path, { token })).body.deletedAt).toBe(asEditor.body.deletedAt);
  });

  it('lets only editors write pages: 403 for a member', async () => {
    const network = await newNetwork();
    const token = await network.admin.token();
    const category = await newKbCategory(network.networkEID, token);
    const page = await newKbPage(network.networkEID, category, token, { status: 'published' });
    const member = await (await network.newMember()).token();
    const attempts = await Promise.all([
      call(pagesOf(network.networkEID, category), { token: member, json: { title: 't', body: 'b' } }),
      call(kbPath(network.networkEID, `pages/${page}/`), {
        token: member,
        method: 'PUT',
        json: { title: 'x' },
      }),
      call(kbPath(network.networkEID, `pages/${page}/`), { token: member, method: 'DELETE' }),
    ]);
    expect(attempts.map((r) => r.status)).toEqual([403, 403, 403]);
    expect((attempts[0].body as unknown as Problem).code).toBe(-204);
  });

  it('answers 404 for another network’s page, read or written with a valid token of the other network', async () => {
    const [a, b] = await Promise.all([newNetwork(), newNetwork()]);
    const tokenA = await a.admin.token();
    const category = await newKbCategory(a.networkEID, tokenA);
    const page = await newKbPage(a.networkEID, category, tokenA, { status: 'published' });
    const tokenB = await b.admin.token();
    const path = kbPath(b.networkEID, `pages/${page}/`);
    expect((await call(path, { token: tokenB })).status).toBe(404);
    expect((await call(path, { token: tokenB, method: 'PUT', json: { title: 'x' } })).status).toBe(404);
    expect((await call(path, { token: tokenB, method: 'DELETE' })).status).toBe(404);
    expect(
      (await call(pagesOf(b.networkEID, category), { token: tokenB, json: { title: 't', body: 'b' } }))
        .status,
    ).toBe(404);
    expect((await call(kbPath(a.networkEID, `pages/${page}/`), { token: tokenA })).body.deletedAt).toBeNull();
  });

  it('rejects writes of read-only fields with a 400 naming them', async () => {
    const network = await newNetwork();
    const token = await network.admin.token();
    const category = await newKbCategory(network.networkEID, token);
    const page = await newKbPage(network.networkEID, category, token);
    for (const field of ['EID', 'networkEID', '_id', 'deletedAt', 'author']) {
      const response = await call<Problem>(kbPath(network.networkEID, `pages/${page}/`), {
        token,
        method: 'PUT',
        json: { [field]: '0123456789abcdef01234567' },
      });
      expect(response.status).toBe(400);
      expect(response.body.errors?.[0]?.pointer).toBe(`/body/${field}`);
    }
    const bad = await call<Problem>(pagesOf(network.networkEID, category), {
      token,
      json: { title: 't', body: 'b', status: 'archived' },
    });
    expect(bad.body.errors?.[0]?.pointer).toBe('/body/status');
  });
});

describe('page title and body around 2026.1.0 (gate kb.page.nullTitleBodyRejected)', () => {
  let networkEID: string;
  let token: string;
  let category: string;
  beforeAll(async () => {
    const network = await newNetwork();
    networkEID = network.networkEID;
    token = await network.admin.token();
    category = await newKbCategory(networkEID, token);
  });
  const create = (version: string, json: unknown) =>
    call<Problem & { title: string; body: string; status: string; EID: string }>(
      pagesOf(networkEID, category),
      {
        token,
        accept: mediaType(version),
        json,
      },
    );

  it('before 2026.1.0: title and body may be omitted or null (stored as empty strings), even published', async () => {
    const omitted = await create('2025.3.0', { status: 'published' });
    expect(omitted.status).toBe(201);
    expect(omitted.body).toMatchObject({ title: '', body: '', status: 'published' });
    const nulls = await create('2025.3.0', { title: null, body: null });
    expect(nulls.status).toBe(201);
    expect(nulls.body).toMatchObject({ title: '', body: '' });
    const edit = await call(kbPath(networkEID, `pages/${nulls.body.EID}/`), {
      token,
      method: 'PUT',
      accept: mediaType('2025.3.0'),
      json: { title: null },
    });
    expect(edit.status).toBe(200);
  });

  it('from 2026.1.0: null title or body is 400 naming the field; omitting them on create too', async () => {
    const nullTitle = await create('2026.1.0', { title: null, body: 'b' });
    expect(nullTitle.status).toBe(400);
    expect(nullTitle.body.errors?.map((e) => e.pointer)).toEqual(['/body/title']);
    const nullBody = await create('2026.1.13', { title: 't', body: null });
    expect(nullBody.status).toBe(400);
    expect(nullBody.body.errors?.map((e) => e.pointer)).toEqual(['/body/body']);
    const omitted = await create('2026.1.0', { status: 'draft' });
    expect(omitted.status).toBe(400);
    const page = await create('2026.1.0', { title: 't', body: 'b' });
    const edit = await call<Problem>(kbPath(networkEID, `pages/${page.body.EID}/`), {
      token,
      method: 'PUT',
      accept: mediaType('2026.1.0'),
      json: { body: null },
    });
    expect(edit.status).toBe(400);
    expect(edit.body.errors?.[0]?.pointer).toBe('/body/body');
  });

  it('from 2026.1.0: an empty string is allowed for a draft, rejected for a published page', async () => {
    const draft = await create('2026.1.0', { title: '', body: '', status: 'draft' });
    expect(draft.status).toBe(201);
    const published = await create('2026.1.0', { title: '', body: 'b', status: 'published' });
    expect(published.status).toBe(400);
    expect(published.body.code).toBe(-211);
    expect(published.body.errors?.map((e) => e.pointer)).toEqual(['/body/title']);
    // Publishing the empty draft is refused too, and leaves it a draft.
    const publish = await call<Problem>(kbPath(networkEID, `pages/${draft.body.EID}/`), {
      token,
      method: 'PUT',
      accept: mediaType('2026.1.0'),
      json: { status: 'published' },
    });
    expect(publish.status).toBe(400);
    expect(publish.body.errors?.map((e) => e.pointer)).toEqual(['/body/title', '/body/body']);
    const read = await call(kbPath(networkEID, `pages/${draft.body.EID}/`), { token });
    expect(read.body.status).toBe('draft');
  });
});

describe('GET /networks/{networkEID}/search/ for knowledge-base articles', () => {
  it('finds articles only when type names knowledge_base_article; drafts only for their editors', async () => {
    const network = await newNetwork();
    const token = await network.admin.token();
    const category = await newKbCategory(network.networkEID, token);
    const other = await newKbCategory(network.networkEID, token);
    const published = await newKbPage(network.networkEID, category, token, {
      title: 'Expense policy (2024)',
      status: 'published',
    });
    const draft = await newKbPage(network.networkEID, category, token, { title: 'Expense policy draft' });
    const otherDraft = await newKbPage(network.networkEID, other, token, {
      title: 'Expense draft elsewhere',
    });
    const deleted = await newKbPage(network.networkEID, category, token, {
      title: 'Expense deleted',
      status: 'published',
    });
    await call(kbPath(network.networkEID, `pages/${deleted}/`), { token, method: 'DELETE' });
    const search = async (query: string, as = token) => {
      const response = await call<Collection>(`/networks/${network.networkEID}/search/?${query}`, {
        token: as,
      });
      expect(response.status).toBe(200);
      return (response.body._embedded.results ?? []).map((r) => r.EID).sort();
    };

    expect(await search('q=expense')).toEqual([]);
    expect(await search('q=expense&type=news')).toEqual([]);
    expect(await search('q=expense&type=news,knowledge_base_article')).toEqual(
      [published, draft, otherDraft].sort(),
    );
    // The query is escaped: regex characters match literally.
    expect(await search(`q=${encodeURIComponent('(2024)')}&type=knowledge_base_article`)).toEqual([
      published,
    ]);
    expect(await search(`q=${encodeURIComponent('.*')}&type=knowledge_base_article`)).toEqual([]);

    const member = await network.newMember();
    const memberToken = await member.token();
    expect(await search('q=expense&type=knowledge_base_article', memberToken)).toEqual([published]);
    await call(kbPath(network.networkEID, `categories/${category}/managers/`), {
      token,
      json: { profileEID: member.profileEID },
    });
    expect(await search('q=EXPENSE&type=knowledge_base_article', memberToken)).toEqual(
      [published, draft].sort(),
    );

    // Another network's search never sees these pages.
    const stranger = await newNetwork();
    const strangerSearch = await call<Collection>(
      `/networks/${stranger.networkEID}/search/?q=expense&type=knowledge_base_article`,
      { token: await stranger.admin.token() },
    );
    expect(strangerSearch.body.total).toBe(0);
  });
});

describe('domain events on JetStream', () => {
  const reader = new EventReader();
  beforeAll(() => reader.open());
  afterAll(() => reader.close());
  const eventsOf = (subject: string, networkEID: string, count: number) =>
    reader.eventsOf(subject, networkEID, count);

  it('publishes category created/deleted, page published and manager assigned through the outbox', async () => {
    const network = await newNetwork();
    const token = await network.admin.token();
    const category = await newKbCategory(network.networkEID, token, { name: 'Evented' });
    const member = await network.newMember();
    await call(kbPath(network.networkEID, `categories/${category}/managers/`), {
      token,
      json: { profileEID: member.profileEID },
    });
    await call(kbPath(network.networkEID, `categories/${category}/managers/`), {
      token,
      json: { profileEID: member.profileEID },
    });
    const page = await newKbPage(network.networkEID, category, token);
    await call(kbPath(network.networkEID, `pages/${page}/`), {
      token,
      method: 'PUT',
      json: { status: 'published' },
    });
    await call(kbPath(network.networkEID, `pages/${page}/`), {
      token,
      method: 'PUT',
      json: { status: 'published' },
    });
    await call(kbPath(network.networkEID, `pages/${page}/`), { token, method: 'DELETE' });
    const disposable = await newKbCategory(network.networkEID, token);
    await call(kbPath(network.networkEID, `categories/${disposable}/`), { token, method: 'DELETE' });

    const created = await eventsOf('events.kb.category.created', network.networkEID, 2);
    expect(created).toHaveLength(2);
    expect(created[0]).toMatchObject({
      type: 'kb.category.created',
      actor: { type: 'user', EID: network.admin.profileEID },
      data: { category: { EID: category, name: 'Evented' } },
      occurredAt: expect.stringMatching(/\+00:00$/),
    });
    const deleted = await eventsOf('events.kb.category.deleted', network.networkEID, 1);
    expect(deleted.map((e) => (e.data as { category: { EID: string } }).category.EID)).toEqual([disposable]);
    const assigned = await eventsOf('events.kb.manager.assigned', network.networkEID, 1);
    expect(assigned).toHaveLength(1); // the idempotent re-assignment emits nothing
    expect(assigned[0]).toMatchObject({ data: { user: { type: 'user', EID: member.profileEID } } });
    const publishedEvents = await eventsOf('events.kb.page.published', network.networkEID, 1);
    expect(publishedEvents).toHaveLength(1); // publishing an already published page emits nothing
    expect(publishedEvents[0]).toMatchObject({ data: { page: { EID: page, status: 'published' } } });
  });
});
