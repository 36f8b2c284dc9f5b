/**
 * Resource and request schemas of the directory's group operations, part 3: group
 * relations (parent → subgroup links), group users `add` and `merge`, group widgets and the
 * spotlight widget. Choices where the spec is silent: docs/decisions.md, "Directory: group
 * relations, users add/merge, group widgets".
 */
import { Type } from '@sinclair/typebox';
import {
  Eid,
  halActionResult,
  halCollection,
  halResource,
  Nullable,
  Ref,
  strictObject,
  Timestamp,
} from '../core/schemas.js';
import { Name } from '../core/text-hygiene.js';

/** Bounds of these operations (docs/decisions.md). */
export const groupDirectoryLimits = {
  usersAdd: 100,
  usersMerge: 1000,
  widgetsPerGroup: 20,
  widgetTitle: 100,
  widgetPosition: 999,
  spotlightItems: 20,
  /** Ancestors walked when attaching a subgroup (deeper chains are refused). */
  depth: 32,
} as const;

const literals = <T extends readonly string[]>(names: T, description: string) =>
  Type.Union(
    names.map((name) => Type.Literal(name)),
    { description },
  );

// ---- Group relations ----

export const GroupRelationResource = halResource(
  'group_relation',
  { EID: Eid, parent: Ref('group'), subgroup: Ref('group') },
  'A parent → subgroup link between two groups of a network; its EID is the subgroup’s (a group has one parent).',
);
export const GroupRelationCollection = halCollection(
  'relations',
  GroupRelationResource,
  'The relations of a group to its subgroups visible to the caller, by subgroup name, one page.',
);
/** `POST …/groups/{groupEID}/relations/`: attach an existing top-level group below this one. */
export const GroupRelationCreateBody = strictObject({ subgroup: Ref('group') });

// ---- Group users add / merge ----

export const groupUsersRefusals = ['not_in_network', 'invited'] as const;
export const groupUsersKeptReasons = ['admin', 'locked'] as const;

const UserRef = Ref('user');
export const GroupUsersResult = halActionResult(
  'group_users_result',
  {
    group: Ref('group'),
    lockedBy: Nullable(Type.String({ description: 'the lock merge wrote; null for add' })),
    added: Type.Array(UserRef),
    alreadyMembers: Type.Array(UserRef),
    removed: Type.Array(UserRef),
    kept: Type.Array(
      strictObject({ user: UserRef, reason: literals(groupUsersKeptReasons, 'why merge kept a member') }),
    ),
    refused: Type.Array(
      strictObject({ user: UserRef, reason: literals(groupUsersRefusals, 'why a profile was not added') }),
    ),
  },
  'What `users/add` or `users/merge` did, person by person.',
);

/** `POST …/users/add`: up to 100 profile EIDs; repeated ones count once. */
export const GroupUsersAddBody = strictObject({
  users: Type.Array(Eid, { minItems: 1, maxItems: groupDirectoryLimits.usersAdd }),
});
/** `POST …/users/merge`: the whole list of members an organisational sync wants (up to 1000). */
export const GroupUsersMergeBody = strictObject({
  users: Type.Array(Eid, { maxItems: groupDirectoryLimits.usersMerge }),
  source: Type.Optional(
    Type.String({
      pattern: '^[a-z0-9][a-z0-9_-]{0,49}$',
      description: 'the sync’s name: memberships are locked by `sync:<source>` (default: the caller’s EID)',
    }),
  ),
});

// ---- Group widgets and the spotlight widget ----

export const groupWidgetTypes = ['spotlight', 'links', 'members', 'files'] as const;
export type GroupWidgetType = (typeof groupWidgetTypes)[number];
export const spotlightItemTypes = ['message', 'page', 'user'] as const;

const WidgetTitle = Name({ maxLength: groupDirectoryLimits.widgetTitle });
const WidgetPosition = Type.Integer({ minimum: 0, maximum: groupDirectoryLimits.widgetPosition });
export const SpotlightItem = strictObject({
  type: literals(spotlightItemTypes, '`message`, `page` (knowledge base) or `user`'),
  EID: Eid,
});

export const GroupWidgetResource = halResource(
  'group_widget',
  {
    EID: Eid,
    group: Ref('group'),
    widgetType: literals(groupWidgetTypes, '`spotlight`, `links`, `members` or `files`'),
    title: Nullable(WidgetTitle),
    position: WidgetPosition,
    visible: Type.Boolean(),
    items: Nullable(Type.Array(SpotlightItem, { description: 'spotlight widgets only; null otherwise' })),
    created: Timestamp,
    lastModified: Timestamp,
  },
  'A widget of a group page; a spotlight widget shows the items chosen for it.',
);
export const GroupWidgetCollection = halCollection(
  'widgets',
  GroupWidgetResource,
  'The widgets of a group by `position`, then creation; hidden ones (`visible: false`) only for their editors.',
);
export const GroupWidgetCreateBody = strictObject({
  widgetType: literals(groupWidgetTypes, '`spotlight`, `links`, `members` or `files`'),
  title: Type.Optional(Nullable(WidgetTitle)),
  position: Type.Optional(WidgetPosition),
  visible: Type.Optional(Type.Boolean()),
});
export const GroupWidgetUpdateBody = Type.Object(
  {
    title: Type.Optional(Nullable(WidgetTitle)),
    position: Type.Optional(WidgetPosition),
    visible: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
);
/** `PUT …/widgets/{widgetEID}/items`: the spotlight’s items, replaced as a whole, in this order. */
export const SpotlightItemsBody = strictObject({
  items: Type.Array(SpotlightItem, { maxItems: groupDirectoryLimits.spotlightItems }),
});
