/** Shapes the auth events share: references, summaries and the builders of event pairs. */
import { Type } from '@sinclair/typebox';
import { Eid, Timestamp, strictObject } from '../core/schemas.js';
import { RefOf, UserRef, defineEvent } from './define.js';
// Values auth stores (the lists live in the directory and groups areas: catalogue.test.ts checks
// that these match them).

/** A network role as stored (`storedRoleNames`). */
export const StoredRoleSchema = Type.Union(
  (['admin', 'network_manager', 'community_manager', 'member'] as const).map((role) => Type.Literal(role)),
);
/** A group role (`groupRoles`). */
export const EventGroupRoleSchema = Type.Union(
  (['admin', 'member'] as const).map((role) => Type.Literal(role)),
);
/** A group membership's state (`membershipStates`). */
export const EventMembershipStateSchema = Type.Union(
  (['active', 'invited'] as const).map((state) => Type.Literal(state)),
);
/** A group's type (`groupTypeNames`). */
export const EventGroupTypeSchema = Type.Union(
  (['business_unit', 'department', 'local_department', 'group'] as const).map((type) => Type.Literal(type)),
);
/** How a person was invited to the network (`invitationTypes`). */
export const InvitationTypeSchema = Type.Union((['email', 'sso'] as const).map((type) => Type.Literal(type)));

/** `groupSummary(group)`: what events carry about a group, enough for an alert text. */
export const GroupSummary = strictObject({
  type: Type.Literal('group'),
  EID: Eid,
  name: Type.String(),
  groupType: EventGroupTypeSchema,
});

/** `membershipEvent(group, membership)`: a group membership or invitation. */
export const membershipFields = {
  group: GroupSummary,
  user: UserRef,
  role: EventGroupRoleSchema,
  state: EventMembershipStateSchema,
};

/** `presentLabel(label)`. */
export const LabelResource = strictObject({
  type: Type.Literal('label'),
  EID: Eid,
  name: Type.String(),
  created: Timestamp,
  lastModified: Timestamp,
});

/**
 * `presentTheme(theme, defaultEID)`: the theme resource as answered. Its identity and the fields
 * consumers may read are typed; the colours, images and headers (settings area) are left open.
 */
export const ThemeResource = Type.Object({
  type: Type.Literal('network_theme'),
  EID: Eid,
  name: Type.String(),
  default: Type.Boolean(),
  created: Timestamp,
  lastModified: Timestamp,
});

/** `linkItem(link)`: a custom link of the menu. */
export const MenuLinkItem = strictObject({
  type: Type.Literal('menu_item'),
  EID: Eid,
  itemType: Type.Literal('link'),
  label: Type.String(),
  url: Type.String(),
  context: strictObject({ includeExternalUsers: Type.Boolean() }),
});

export const AppRef = RefOf('app');
export const AppManifestRef = RefOf('app_manifest');
export const Permissions = Type.Array(Type.String());

export const labelWritten = (verb: 'created' | 'updated', when: string) =>
  defineEvent({
    service: 'auth',
    entity: 'label',
    verb,
    description: `A network administrator ${when} a label.`,
    audience: ['network'],
    data: strictObject({ label: LabelResource }),
  });

export const themeWritten = (verb: 'created' | 'updated', when: string) =>
  defineEvent({
    service: 'auth',
    entity: 'theme',
    verb,
    description: `A network administrator ${when} a network theme (settings/themes.ts afterWrite).`,
    audience: ['network'],
    data: strictObject({ theme: ThemeResource }),
  });

export const synced = (verb: 'synced_created' | 'synced_updated', when: string) =>
  defineEvent({
    service: 'auth',
    entity: 'membership',
    verb,
    description: `An administrator or an app with get_profile_xid synced a user by XID, which ${when} the profile.`,
    audience: ['admins'],
    data: strictObject({ user: UserRef, XID: Type.String() }),
  });

export const manifestWritten = (verb: 'created' | 'updated', when: string) =>
  defineEvent({
    service: 'auth',
    entity: 'app_manifest',
    verb,
    description: `An app ${when} its manifest (PUT /apps/{appEID}/); no network.`,
    audience: ['internal'],
    data: strictObject({
      app: AppManifestRef,
      permissions: Permissions,
      /** The entry points' names. */
      entryPoints: Type.Array(Type.String()),
    }),
  });

export const requestEnded = (verb: 'withdrawn' | 'declined', when: string) =>
  defineEvent({
    service: 'auth',
    entity: 'membership_request',
    verb,
    description: `A request to join a group was ${when}; audience the group's admins and the asker.`,
    audience: ['group_admins'],
    data: strictObject({ group: GroupSummary, user: UserRef }),
  });
