/**
 * The domain events auth records (apps/auth/src): directory, groups, apps, settings, OAuth. Each
 * `data` schema is what the call site puts in, through the helpers it uses (`userRef`,
 * `groupSummary`, `membershipEvent`, `presentLabel`…).
 */
import { Type, type Static } from '@sinclair/typebox';
import { Eid, Nullable, Timestamp, strictObject } from '../core/schemas.js';
import { GroupRef, RefOf, UserRef, defineEvent } from './define.js';

import {
  AppManifestRef,
  AppRef,
  EventGroupRoleSchema,
  GroupSummary,
  InvitationTypeSchema,
  MenuLinkItem,
  Permissions,
  StoredRoleSchema,
  labelWritten,
  manifestWritten,
  membershipFields,
  requestEnded,
  synced,
  themeWritten,
} from './auth-shapes.js';

/**
 * The fields an `auth.network.updated` set, as stored: `features` (network-admin/features.ts),
 * `subscription` (network-admin/subscription.ts), or any writable network field sent to
 * PUT /networks/{networkEID} (directory/networks.ts): open, and typed so.
 */
const NetworkChangeFields = Type.Object(
  {
    features: Type.Optional(Type.Array(Type.String())),
    subscription: Type.Optional(strictObject({ type: Type.String(), since: Timestamp })),
  },
  { additionalProperties: true },
);
const NetworkChanges = Type.Unsafe<Static<typeof NetworkChangeFields> & Readonly<Record<string, unknown>>>(
  NetworkChangeFields,
);

export const authEvents = [
  // OAuth and sign-in.
  defineEvent({
    service: 'auth',
    entity: 'token',
    verb: 'revoked',
    description:
      'Tokens were revoked (sign-out, a suspension, an app removed…), at most a batch per event; no network.',
    audience: ['internal'],
    data: strictObject({
      /** SHA-256 (hex) of each token, never a token. */
      tokenHashes: Type.Array(Type.String({ pattern: '^[0-9a-f]{64}$' }), { minItems: 1 }),
    }),
  }),
  defineEvent({
    service: 'auth',
    entity: 'account',
    verb: 'sign_in_locked',
    description:
      "Failed sign-ins locked an account: one event per active profile, in that profile's network.",
    audience: ['people'],
    data: strictObject({
      profileEID: Eid,
      lockedUntil: Timestamp,
      failedAttempts: Type.Integer({ minimum: 1 }),
    }),
  }),
  // Labels.
  labelWritten('created', 'created'),
  labelWritten('updated', 'renamed'),
  defineEvent({
    service: 'auth',
    entity: 'label',
    verb: 'deleted',
    description: 'A network administrator deleted a label.',
    audience: ['network'],
    data: strictObject({ label: RefOf('label') }),
  }),
  // Settings: themes and the menu.
  themeWritten('created', 'created'),
  themeWritten('updated', 'updated'),
  defineEvent({
    service: 'auth',
    entity: 'theme',
    verb: 'deleted',
    description: 'A network administrator deleted a network theme (its groups then get group.updated).',
    audience: ['network'],
    data: strictObject({ theme: RefOf('network_theme') }),
  }),
  defineEvent({
    service: 'auth',
    entity: 'menu',
    verb: 'updated',
    description: "A network administrator replaced the menu's custom links.",
    audience: ['network'],
    data: strictObject({ customLinks: Type.Array(MenuLinkItem) }),
  }),
  // The network.
  defineEvent({
    service: 'auth',
    entity: 'network',
    verb: 'updated',
    description:
      "The network's settings, features (when they changed) or subscription plan were changed by an administrator or an app.",
    audience: ['network'],
    data: strictObject({
      network: RefOf('network'),
      changes: NetworkChanges,
    }),
  }),
  defineEvent({
    service: 'auth',
    entity: 'terms',
    verb: 'published',
    description: 'A network administrator published a new version of the terms of service.',
    audience: ['network'],
    data: strictObject({ version: Type.Integer({ minimum: 1 }), url: Type.String() }),
  }),
  // Directory: network memberships and invitations.
  synced('synced_created', 'created'),
  synced('synced_updated', 'updated'),
  defineEvent({
    service: 'auth',
    entity: 'membership',
    verb: 'suspended',
    description: 'A network administrator suspended an active member (their tokens are revoked).',
    audience: ['admins'],
    data: strictObject({
      user: UserRef,
      previousState: Type.Literal('active'),
      state: Type.Literal('suspended'),
    }),
  }),
  defineEvent({
    service: 'auth',
    entity: 'membership',
    verb: 'role_changed',
    description:
      "A network administrator changed a member's network role (directory; audience the network), or a group admin changed the role of a group membership (audience the group) or invitation (the group's admins and the invitee).",
    audience: ['network', 'group', 'group_admins'],
    data: Type.Union(
      [
        Type.Object(
          { user: UserRef, previousRole: StoredRoleSchema, role: StoredRoleSchema },
          {
            additionalProperties: false,
            description:
              'A network role (directory/membership.ts changeRole): no `group`, stored role names.',
          },
        ),
        Type.Object(
          { ...membershipFields, previousRole: EventGroupRoleSchema },
          {
            additionalProperties: false,
            description:
              'A group role (groups/memberships.ts changeMemberRole): the membership or invitation with its `group` and `state`, group role names.',
          },
        ),
      ],
      {
        description:
          'Two shapes under one name: a network role change has no `group`, a group role change has one; consumers tell them apart by `group`.',
      },
    ),
  }),
  defineEvent({
    service: 'auth',
    entity: 'invitation',
    verb: 'created',
    description: 'An administrator or an app invited a person to the network (not a renewal).',
    audience: ['admins'],
    data: strictObject({
      invitation: RefOf('invitation'),
      user: UserRef,
      invitationType: InvitationTypeSchema,
    }),
  }),
  defineEvent({
    service: 'auth',
    entity: 'membership',
    verb: 'activated',
    description:
      'A person became an active member: they accepted their invitation, or a suspended member was invited again.',
    audience: ['network'],
    data: Type.Union([
      strictObject({
        user: UserRef,
        previousState: Type.Literal('pending'),
        state: Type.Literal('active'),
        reason: Type.Literal('invitation_accepted'),
      }),
      strictObject({
        user: UserRef,
        previousState: Type.Literal('suspended'),
        state: Type.Literal('active'),
        reason: Type.Literal('reinvited'),
      }),
    ]),
  }),
  // Apps.
  manifestWritten('created', 'created'),
  manifestWritten('updated', 'replaced'),
  defineEvent({
    service: 'auth',
    entity: 'app_signing_secret',
    verb: 'rotated',
    description: 'An app created a new webhook signing secret (the secret itself is never in the event).',
    audience: ['internal'],
    data: strictObject({ app: AppManifestRef, keyId: Type.String({ pattern: '^[0-9a-f]{16}$' }) }),
  }),
  defineEvent({
    service: 'auth',
    entity: 'authorized_app',
    verb: 'revoked',
    description: "A person revoked an app's authorization (its tokens for them are revoked).",
    audience: ['people'],
    data: strictObject({ app: AppRef }),
  }),
  defineEvent({
    service: 'auth',
    entity: 'app',
    verb: 'installed',
    description: 'A network administrator installed an app in the network.',
    audience: ['admins'],
    data: strictObject({ app: AppRef, permissions: Permissions }),
  }),
  defineEvent({
    service: 'auth',
    entity: 'app',
    verb: 'permissions_updated',
    description:
      "Installing an app again changed its permissions in the network (its manifest's changed meanwhile).",
    audience: ['admins'],
    data: strictObject({ app: AppRef, permissions: Permissions, previous: Permissions }),
  }),
  defineEvent({
    service: 'auth',
    entity: 'app',
    verb: 'removed',
    description: 'A network administrator removed an app from the network (its tokens are revoked).',
    audience: ['admins'],
    data: strictObject({ app: AppRef }),
  }),
  // Groups.
  defineEvent({
    service: 'auth',
    entity: 'group',
    verb: 'created',
    description: 'A person created a group (they are its first admin).',
    audience: ['group'],
    data: strictObject({ group: GroupSummary, parent: Nullable(GroupRef) }),
  }),
  defineEvent({
    service: 'auth',
    entity: 'group',
    verb: 'updated',
    description:
      "A group was edited (`fields`: those sent), moved under another parent (`fields: ['parent']` with `parent`), or lost its deleted theme (`fields: ['networkTheme']`).",
    audience: ['group'],
    data: strictObject({
      group: GroupSummary,
      /** The names of the fields that changed. */
      fields: Type.Array(Type.String()),
      /** A move only: the new parent (null: top level). */
      parent: Type.Optional(Nullable(GroupRef)),
    }),
  }),
  defineEvent({
    service: 'auth',
    entity: 'group',
    verb: 'deleted',
    description: 'A group without subgroups was deleted with its memberships, requests and widgets.',
    audience: ['group'],
    data: strictObject({ group: GroupSummary }),
  }),
  defineEvent({
    service: 'auth',
    entity: 'group',
    verb: 'orphaned',
    description: "A network administrator's change left a group without an active admin.",
    audience: ['admins'],
    data: strictObject({ group: GroupSummary }),
  }),
  // Groups: membership requests.
  defineEvent({
    service: 'auth',
    entity: 'membership_request',
    verb: 'created',
    description:
      "A person asked to join a group (not when the request already existed); audience the group's admins and the asker.",
    audience: ['group_admins'],
    data: strictObject({ group: GroupSummary, user: UserRef, message: Nullable(Type.String()) }),
  }),
  requestEnded('withdrawn', 'withdrawn by the asker'),
  requestEnded('declined', 'declined'),
  // Groups: memberships.
  defineEvent({
    service: 'auth',
    entity: 'membership',
    verb: 'added',
    description:
      'A person became an active member of a group: added by a member, by an approved request (`request`), or by users add/merge (`lockedBy`).',
    audience: ['group'],
    data: strictObject({
      ...membershipFields,
      /** Set when the membership comes from an approved request. */
      request: Type.Optional(Type.Literal(true)),
      /** Users add (null) and merge (`sync:<source>`) only. */
      lockedBy: Type.Optional(Nullable(Type.String())),
    }),
  }),
  defineEvent({
    service: 'auth',
    entity: 'membership',
    verb: 'invited',
    description: "A group member invited a person to the group; audience the group's admins and the invitee.",
    audience: ['group_admins'],
    data: strictObject(membershipFields),
  }),
  defineEvent({
    service: 'auth',
    entity: 'membership',
    verb: 'removed',
    description:
      "A group membership (audience the group) or invitation (the group's admins and the invitee) was removed: the person left (`self`), was removed, or was merged out (`lockedBy`).",
    audience: ['group', 'group_admins'],
    data: strictObject({
      ...membershipFields,
      self: Type.Boolean(),
      /** Users merge only: the sync that removed the member. */
      lockedBy: Type.Optional(Type.String()),
    }),
  }),
  defineEvent({
    service: 'auth',
    entity: 'membership',
    verb: 'accepted',
    description: 'An invitee accepted their invitation to a group.',
    audience: ['group'],
    data: strictObject(membershipFields),
  }),
] as const;
