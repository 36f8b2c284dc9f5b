/**
 * Collections of the groups area (groups and their memberships; membership requests in
 * requests/models.ts, group widgets in widget-models.ts), registered on the auth service's
 * connection. Every tenant document carries `networkEID`, and its indexes start with it
 * (ARCHITECTURE §10).
 */
import { groupRoles, groupTypeNames, membershipStates } from '@ncs/contracts';
import { timestamps, type StoredDocument } from '@ncs/service-kit';
import { Schema, type Connection, type InferSchemaType, type Model } from 'mongoose';

/** A `{type, EID}` reference, stored as is (its owner is another area or service). */
const refSchema = new Schema(
  { type: { type: String, required: true }, EID: { type: String, required: true } },
  { _id: false, strict: true },
);

const groupSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    name: { type: String, required: true, minlength: 1, maxlength: 200 },
    /** Lower-cased name: lists sort by it (no collations on FerretDB 1.x). */
    sortName: { type: String, required: true },
    XID: { type: String, default: null, maxlength: 200 },
    /**
     * `x:<XID>`, or `id:<_id>` without an XID: unique per network, so two groups never share an XID
     * (FerretDB 1.x has no partial or sparse unique indexes to skip the nulls).
     */
    xidKey: { type: String, required: true },
    groupType: { type: String, enum: groupTypeNames, required: true },
    /** Fixed at creation; null for a top-level group. */
    parentEID: { type: String, default: null },
    hidden: { type: Boolean, default: false },
    membersMayPost: { type: Boolean, default: true },
    emblem: { type: refSchema, default: null },
    rootFolder: { type: refSchema, default: null },
    networkTheme: { type: refSchema, default: null },
    headerBackgroundUrl: { type: String, default: null, maxlength: 2000 },
    /** Checked by writing.ts before they are stored; groups stored before them read as `[]`. */
    redirectUris: { type: [String], default: [] },
  },
  { strict: true, timestamps, collection: 'groups' },
);
groupSchema.index({ networkEID: 1, sortName: 1, _id: 1 });
groupSchema.index({ networkEID: 1, parentEID: 1, sortName: 1 });
groupSchema.index({ networkEID: 1, xidKey: 1 }, { unique: true });
/** The groups using a theme (theme reads, theme deletion). */
groupSchema.index({ networkEID: 1, 'networkTheme.EID': 1, sortName: 1 });

/**
 * One document per profile and group: an active membership or an invitation. The unique index
 * makes adding the same profile twice (also concurrently) yield one membership.
 */
const membershipSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    groupEID: { type: String, required: true },
    profileEID: { type: String, required: true },
    role: { type: String, enum: groupRoles, default: 'member' },
    state: { type: String, enum: membershipStates, default: 'active' },
    /** The profile's external flag when it joined (for `hasExternalMembers` without a profile scan). */
    external: { type: Boolean, default: false },
    invitedBy: { type: String, default: null },
    /** Directory (group operations): the organisational sync that made it; not changed by hand. */
    lockedBy: { type: String, default: null, maxlength: 200 },
  },
  { strict: true, timestamps, collection: 'group_memberships' },
);
membershipSchema.index({ networkEID: 1, groupEID: 1, profileEID: 1 }, { unique: true });
// A group's members (all, or of one role), oldest first.
membershipSchema.index({ networkEID: 1, groupEID: 1, state: 1, role: 1, created: 1, _id: 1 });
membershipSchema.index({ networkEID: 1, groupEID: 1, state: 1, created: 1, _id: 1 });
membershipSchema.index({ networkEID: 1, profileEID: 1, state: 1, role: 1 });
/** A person's active groups in group order (the live stream's audience, bounded by a limit). */
membershipSchema.index({ networkEID: 1, profileEID: 1, state: 1, groupEID: 1 });

export type GroupDoc = InferSchemaType<typeof groupSchema> & StoredDocument;
export type MembershipDoc = InferSchemaType<typeof membershipSchema> & StoredDocument;

export interface GroupsModels {
  readonly Group: Model<GroupDoc>;
  readonly GroupMembership: Model<MembershipDoc>;
}

export function registerGroupsModels(connection: Connection): GroupsModels {
  return {
    Group: connection.model<GroupDoc>('Group', groupSchema),
    GroupMembership: connection.model<MembershipDoc>('GroupMembership', membershipSchema),
  };
}
