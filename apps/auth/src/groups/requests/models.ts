/**
 * Membership requests: one document per profile and group while the request is
 * pending. The unique index makes asking twice (also concurrently) one request.
 */
import { groupOpsLimits } from '@ncs/contracts';
import { timestamps, type StoredDocument } from '@ncs/service-kit';
import { Schema, type Connection, type InferSchemaType, type Model } from 'mongoose';

const requestSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    groupEID: { type: String, required: true },
    profileEID: { type: String, required: true },
    message: { type: String, default: null, maxlength: groupOpsLimits.requestMessage },
  },
  { strict: true, timestamps, collection: 'group_membership_requests' },
);
requestSchema.index({ networkEID: 1, groupEID: 1, profileEID: 1 }, { unique: true });
requestSchema.index({ networkEID: 1, groupEID: 1, created: 1, _id: 1 });

export type MembershipRequestDoc = InferSchemaType<typeof requestSchema> & StoredDocument;

export interface GroupRequestsModels {
  readonly GroupMembershipRequest: Model<MembershipRequestDoc>;
}

export function registerGroupRequestsModels(connection: Connection): GroupRequestsModels {
  return {
    GroupMembershipRequest: connection.model<MembershipRequestDoc>('GroupMembershipRequest', requestSchema),
  };
}
