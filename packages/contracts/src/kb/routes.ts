/**
 * Route table entries of the knowledge-base service (spec: Knowledge base). Part of `routes`.
 *
 * The search route is owned by kb for now: it answers knowledge-base articles only (when `type`
 * names `knowledge_base_article`); messages join it when messaging implements search
 * (docs/decisions.md, "Knowledge base").
 */
import { Type } from '@sinclair/typebox';
import { PaginationQuery } from '../core/pagination.js';
import { embedQuery, route, type RouteDefinition } from '../core/route-definition.js';
import { Eid, NetworkParams, NoContent, strictObject } from '../core/schemas.js';
import {
  KbCategoryCollection,
  KbCategoryCreateBody,
  KbCategoryManagersResource,
  KbCategoryResource,
  KbCategoryUpdateBody,
  KbHomeResource,
  KbHomeTitleBody,
  KbHomeUpdateBody,
  KbManagerAssignBody,
  KbPageCollection,
  KbPageCreateBody,
  KbPageResource,
  KbPageUpdateBody,
} from './resources.js';

const MANAGE = 'MANAGE_KNOWLEDGE_BASE';
const KB = '/networks/{networkEID}/knowledge-base';
const tag = 'Knowledge base';
const common = { service: 'kb', tag, scope: 'network', format: 'hal' } as const;

const CategoryParams = strictObject({ networkEID: Eid, categoryEID: Eid });
const ManagerParams = strictObject({ networkEID: Eid, categoryEID: Eid, profileEID: Eid });
const PageParams = strictObject({ networkEID: Eid, pageEID: Eid });
const EmbedUsers = embedQuery(['users']);

export const kbRoutes = [
  route({
    ...common,
    id: 'home.get',
    method: 'GET',
    path: `${KB}/home/`,
    summary: 'The knowledge-base home; created with defaults when none exists',
    params: NetworkParams,
    reply: { status: 200, schema: KbHomeResource },
  }),
  route({
    ...common,
    id: 'home.update',
    method: 'PUT',
    path: `${KB}/home`,
    summary: 'Update home fields (`title` is no longer accepted here: use PATCH …/home/title)',
    permission: MANAGE,
    params: NetworkParams,
    body: KbHomeUpdateBody,
    reply: { status: 200, schema: KbHomeResource },
  }),
  route({
    ...common,
    id: 'home.setTitle',
    method: 'PATCH',
    path: `${KB}/home/title`,
    summary: 'Set a static home title (`null` returns to the default translated title)',
    permission: MANAGE,
    params: NetworkParams,
    body: KbHomeTitleBody,
    reply: { status: 200, schema: KbHomeResource },
  }),
  route({
    ...common,
    id: 'category.list',
    method: 'GET',
    path: `${KB}/categories/`,
    summary: 'Categories visible to the caller, oldest first (`parent=<EID>` lists the children of one)',
    params: NetworkParams,
    query: Type.Object({ ...PaginationQuery.properties, parent: Type.Optional(Eid) }),
    reply: { status: 200, schema: KbCategoryCollection },
  }),
  route({
    ...common,
    id: 'category.create',
    method: 'POST',
    path: `${KB}/categories/`,
    summary: 'Create a category (top-level, or a child of a top-level category)',
    permission: MANAGE,
    params: NetworkParams,
    body: KbCategoryCreateBody,
    reply: { status: 201, schema: KbCategoryResource },
  }),
  route({
    ...common,
    id: 'category.get',
    method: 'GET',
    path: `${KB}/categories/{categoryEID}/`,
    summary: 'A category',
    params: CategoryParams,
    reply: { status: 200, schema: KbCategoryResource },
  }),
  route({
    ...common,
    id: 'category.update',
    method: 'PUT',
    path: `${KB}/categories/{categoryEID}/`,
    summary: 'Edit a category (only the fields sent change)',
    permission: MANAGE,
    params: CategoryParams,
    body: KbCategoryUpdateBody,
    reply: { status: 200, schema: KbCategoryResource },
  }),
  route({
    ...common,
    id: 'category.delete',
    method: 'DELETE',
    path: `${KB}/categories/{categoryEID}/`,
    summary: 'Delete a category without child categories or live pages',
    permission: MANAGE,
    params: CategoryParams,
    reply: { status: 204, schema: NoContent },
  }),
  route({
    ...common,
    id: 'category.highlight',
    method: 'POST',
    path: `${KB}/categories/{categoryEID}/highlight`,
    summary: 'Set `highlightedAt` (idempotent: an already highlighted category keeps its time)',
    permission: MANAGE,
    params: CategoryParams,
    reply: { status: 200, schema: KbCategoryResource },
    idempotent: true, // Scale-out: sets a state; retried after a timeout.
  }),
  route({
    ...common,
    id: 'category.unhighlight',
    method: 'POST',
    path: `${KB}/categories/{categoryEID}/unhighlight`,
    summary: 'Clear `highlightedAt` (idempotent)',
    permission: MANAGE,
    params: CategoryParams,
    reply: { status: 200, schema: KbCategoryResource },
    idempotent: true, // Scale-out: sets a state; retried after a timeout.
  }),
  route({
    ...common,
    id: 'categoryManager.list',
    method: 'GET',
    path: `${KB}/categories/{categoryEID}/managers/`,
    summary: 'Managers of a top-level category (`embed=users` embeds their profiles)',
    params: CategoryParams,
    query: EmbedUsers,
    embeddable: ['users'],
    reply: { status: 200, schema: KbCategoryManagersResource },
  }),
  route({
    ...common,
    id: 'categoryManager.assign',
    method: 'POST',
    path: `${KB}/categories/{categoryEID}/managers/`,
    summary:
      'Assign a non-external profile as manager of a top-level category: 201, or 200 if already assigned',
    permission: MANAGE,
    params: CategoryParams,
    query: EmbedUsers,
    embeddable: ['users'],
    body: KbManagerAssignBody,
    reply: { status: 201, schema: KbCategoryManagersResource, alsoStatus: [200] },
  }),
  route({
    ...common,
    id: 'categoryManager.remove',
    method: 'DELETE',
    path: `${KB}/categories/{categoryEID}/managers/{profileEID}/`,
    summary: 'Remove a manager assignment',
    permission: MANAGE,
    params: ManagerParams,
    reply: { status: 204, schema: NoContent },
  }),
  route({
    ...common,
    id: 'page.list',
    method: 'GET',
    path: `${KB}/categories/{categoryEID}/pages/`,
    summary: 'Pages of a category, newest first; drafts only for those who may edit them',
    params: CategoryParams,
    query: PaginationQuery,
    reply: { status: 200, schema: KbPageCollection },
  }),
  route({
    ...common,
    id: 'page.create',
    method: 'POST',
    path: `${KB}/categories/{categoryEID}/pages/`,
    summary: 'Create a page (admins and the managers of the category)',
    params: CategoryParams,
    body: KbPageCreateBody,
    reply: { status: 201, schema: KbPageResource },
  }),
  route({
    ...common,
    id: 'page.get',
    method: 'GET',
    path: `${KB}/pages/{pageEID}/`,
    summary: 'A page',
    params: PageParams,
    reply: { status: 200, schema: KbPageResource },
  }),
  route({
    ...common,
    id: 'page.update',
    method: 'PUT',
    path: `${KB}/pages/{pageEID}/`,
    summary: 'Edit a page (only the fields sent change); `status: published` publishes it',
    params: PageParams,
    body: KbPageUpdateBody,
    reply: { status: 200, schema: KbPageResource },
  }),
  route({
    ...common,
    id: 'page.delete',
    method: 'DELETE',
    path: `${KB}/pages/{pageEID}/`,
    summary: 'Soft-delete a page (sets `deletedAt`)',
    params: PageParams,
    reply: { status: 204, schema: NoContent },
  }),
] as const satisfies readonly RouteDefinition[];
