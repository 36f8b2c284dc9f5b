/**
 * Routes of the directory's group operations, part 3 (owned by `auth`): group relations,
 * group users `add`/`merge`, group widgets and the spotlight widget. Rules where the spec is
 * silent: docs/decisions.md, "Directory: group relations, users add/merge, group widgets".
 */
import { PaginationQuery } from '../core/pagination.js';
import { route, type RouteDefinition } from '../core/route-definition.js';
import { Eid, NoContent, strictObject } from '../core/schemas.js';
import {
  GroupRelationCollection,
  GroupRelationCreateBody,
  GroupRelationResource,
  GroupUsersAddBody,
  GroupUsersMergeBody,
  GroupUsersResult,
  GroupWidgetCollection,
  GroupWidgetCreateBody,
  GroupWidgetResource,
  GroupWidgetUpdateBody,
  SpotlightItemsBody,
} from './directory-resources.js';

const GROUP = '/networks/{networkEID}/groups/{groupEID}';
const common = { service: 'auth', tag: 'Groups', scope: 'network', format: 'hal' } as const;

const GroupParams = strictObject({ networkEID: Eid, groupEID: Eid });
const RelationParams = strictObject({ networkEID: Eid, groupEID: Eid, subgroupEID: Eid });
const WidgetParams = strictObject({ networkEID: Eid, groupEID: Eid, widgetEID: Eid });

export const groupDirectoryRoutes = [
  route({
    ...common,
    id: 'groupRelation.list',
    method: 'GET',
    path: `${GROUP}/relations/`,
    summary: 'The relations of a group to its subgroups the caller sees, by subgroup name',
    params: GroupParams,
    query: PaginationQuery,
    reply: { status: 200, schema: GroupRelationCollection },
  }),
  route({
    ...common,
    id: 'groupRelation.create',
    method: 'POST',
    path: `${GROUP}/relations/`,
    summary:
      'Attach a top-level group below this one (`create_subgroups` here, `edit_group` on the subgroup); a cycle is 409',
    params: GroupParams,
    body: GroupRelationCreateBody,
    reply: { status: 201, schema: GroupRelationResource, alsoStatus: [200] },
  }),
  route({
    ...common,
    id: 'groupRelation.get',
    method: 'GET',
    path: `${GROUP}/relations/{subgroupEID}/`,
    summary: 'The relation of a group to one of its subgroups',
    params: RelationParams,
    reply: { status: 200, schema: GroupRelationResource },
  }),
  route({
    ...common,
    id: 'groupRelation.delete',
    method: 'DELETE',
    path: `${GROUP}/relations/{subgroupEID}/`,
    summary:
      'Detach a subgroup: it becomes top-level (`create_subgroups` here or `edit_group` on the subgroup)',
    params: RelationParams,
    reply: { status: 204, schema: NoContent },
  }),
  route({
    ...common,
    id: 'groupUsers.add',
    method: 'POST',
    path: `${GROUP}/users/add`,
    summary:
      'Add up to 100 profiles at once (`manage_users`); those already members are left as they are; the reply says who was added, already there or refused',
    params: GroupParams,
    body: GroupUsersAddBody,
    reply: { status: 200, schema: GroupUsersResult },
  }),
  route({
    ...common,
    id: 'groupUsers.merge',
    method: 'POST',
    path: `${GROUP}/users/merge`,
    summary:
      'Make the group’s members equal a list (an organisational sync; `manage_users` and `delete_group_membership`): adds the missing, removes the others except admins; memberships it writes carry `lockedBy`',
    params: GroupParams,
    body: GroupUsersMergeBody,
    reply: { status: 200, schema: GroupUsersResult },
  }),
  route({
    ...common,
    id: 'groupWidget.list',
    method: 'GET',
    path: `${GROUP}/widgets/`,
    summary:
      'The widgets of a group by position (`view_group`; hidden widgets for `edit_group_widgets` only)',
    params: GroupParams,
    query: PaginationQuery,
    reply: { status: 200, schema: GroupWidgetCollection },
  }),
  route({
    ...common,
    id: 'groupWidget.create',
    method: 'POST',
    path: `${GROUP}/widgets/`,
    summary: 'Add a widget to a group (`edit_group_widgets`; at most 20 per group)',
    params: GroupParams,
    body: GroupWidgetCreateBody,
    reply: { status: 201, schema: GroupWidgetResource },
  }),
  route({
    ...common,
    id: 'groupWidget.get',
    method: 'GET',
    path: `${GROUP}/widgets/{widgetEID}/`,
    summary: 'One widget of a group',
    params: WidgetParams,
    reply: { status: 200, schema: GroupWidgetResource },
  }),
  route({
    ...common,
    id: 'groupWidget.update',
    method: 'PUT',
    path: `${GROUP}/widgets/{widgetEID}/`,
    summary: 'Change a widget’s title, position or visibility (`edit_group_widgets`)',
    params: WidgetParams,
    body: GroupWidgetUpdateBody,
    reply: { status: 200, schema: GroupWidgetResource },
  }),
  route({
    ...common,
    id: 'groupWidget.delete',
    method: 'DELETE',
    path: `${GROUP}/widgets/{widgetEID}/`,
    summary: 'Remove a widget from a group (`edit_group_widgets`)',
    params: WidgetParams,
    reply: { status: 204, schema: NoContent },
  }),
  route({
    ...common,
    id: 'spotlightItems.set',
    method: 'PUT',
    path: `${GROUP}/widgets/{widgetEID}/items`,
    summary:
      'Set the items a spotlight widget shows (up to 20 messages, pages or people, in order; `edit_group_widgets`)',
    params: WidgetParams,
    body: SpotlightItemsBody,
    reply: { status: 200, schema: GroupWidgetResource },
  }),
] as const satisfies readonly RouteDefinition[];
