/**
 * Invitations: pending memberships, accepting them, and reactivating a suspended member invited
 * again, with the domain events `auth.membership.activated` and `auth.invitation.created`. Rules
 * where the spec is silent: docs/decisions.md, "Directory: network settings and profiles".
 */
import {
  DomainError,
  toTimestamp,
  type PlainCollection,
  type PlainResource,
  type RequestContext,
  isEid,
} from '@ncs/contracts';
import { isDuplicateKeyError, pageOf } from '@ncs/service-kit';
import { Types } from 'mongoose';
import type { EventSink } from '../core/dependencies.js';
import type { DirectoryStore } from './dependencies.js';
import type { RouteBody, RouteQuery } from '../core/requests.js';
import { actorOf, type DirectoryCaller, findAdminOrAppCaller, userRef } from '../core/callers.js';
import type { InvitationDoc, ProfileDoc } from '../core/models.js';
// Directory: a code-flow token acts in its one network.
import { outsideTokenNetwork } from '../core/token-network.js';

export const INVITE_USERS = 'invite_users';
export const INVITATION_TTL_MS = 30 * 24 * 3600 * 1000;

export function invitationStatus(invitation: InvitationDoc, now: Date): 'pending' | 'accepted' | 'expired' {
  if (invitation.acceptedAt) return 'accepted';
  return invitation.expiresAt.getTime() <= now.getTime() ? 'expired' : 'pending';
}

export function presentInvitation(invitation: InvitationDoc, now: Date) {
  return {
    type: 'invitation',
    EID: String(invitation._id),
    email: invitation.email,
    invitationType: invitation.invitationType,
    status: invitationStatus(invitation, now),
    reactivated: invitation.reactivated,
    user: userRef(invitation.profileEID),
    invitedBy: invitation.invitedBy ? userRef(invitation.invitedBy) : null,
    network: { type: 'network', EID: invitation.networkEID },
    created: toTimestamp(invitation.created),
    expiresAt: toTimestamp(invitation.expiresAt),
    acceptedAt: invitation.acceptedAt ? toTimestamp(invitation.acceptedAt) : null,
  };
}

/** The account of an e-mail address; an invitation creates it (without a password) when needed. */
async function accountForEmail(models: DirectoryStore, email: string): Promise<string> {
  const existing = await models.Account.findOne({ email }, { _id: 1 }).lean();
  if (existing) return String(existing._id);
  try {
    const [created] = await models.Account.insertMany([{ email }]);
    return String(created!._id);
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    const winner = await models.Account.findOne({ email }, { _id: 1 }).lean();
    if (!winner) throw error;
    return String(winner._id);
  }
}

/** The person's profile in the network: found, or created `pending` (race-safe on the unique index). */
async function profileFor(
  models: DirectoryStore,
  networkEID: string,
  accountId: string,
): Promise<ProfileDoc> {
  return models.Profile.findOneAndUpdate(
    { networkEID, accountId },
    // `_id` made here: profiles are listed by `_id` as the order of creation.
    { $setOnInsert: { _id: new Types.ObjectId(), role: 'member', userState: 'pending' } },
    { upsert: true, returnDocument: 'after' },
  ).lean<ProfileDoc>();
}

/**
 * `POST /networks/{networkEID}/invitations/` (administrators, or apps with `invite_users`), by
 * e-mail. A new person (or a deleted profile) gets a pending membership and an invitation (201);
 * a pending one has its invitation renewed (200); a suspended member is reactivated at once (201,
 * `reactivated: true`, event `membership.activated`); an active member is 409.
 */
export async function createInvitation(
  models: DirectoryStore,
  events: EventSink,
  ctx: RequestContext,
  body: RouteBody<'invitation.create'>,
): Promise<{ status: 200 | 201; invitation: PlainResource }> {
  const caller = await findAdminOrAppCaller(models, ctx, INVITE_USERS);
  const networkEID = String(caller.network._id);
  const email = body.email.trim().toLowerCase();
  const invitationType = body.invitationType ?? 'email';
  const accountId = await accountForEmail(models, email);
  const profile = await profileFor(models, networkEID, accountId);
  const profileEID = String(profile._id);
  const now = new Date();
  const fields = {
    networkEID,
    email,
    invitationType,
    profileEID,
    accountId,
    invitedBy: caller.kind === 'member' ? caller.profileEID : null,
    expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
  };

  switch (profile.userState) {
    case 'active':
      throw new DomainError('DIR_ERR_ALREADY_MEMBER');
    case 'suspended': {
      // Spec (States): a suspended user invited again is reactivated.
      const reactivated = await models.Profile.updateOne(
        { _id: profileEID, networkEID, userState: 'suspended' },
        { $set: { userState: 'active' } },
      );
      if (reactivated.modifiedCount === 0) throw new DomainError('DIR_ERR_ALREADY_MEMBER');
      const [invitation] = await models.Invitation.insertMany([
        { ...fields, reactivated: true, acceptedAt: now },
      ]);
      await recordActivation(events, caller, networkEID, profileEID, {
        previousState: 'suspended',
        reason: 'reinvited',
      });
      return { status: 201, invitation: presentInvitation(invitation!.toObject<InvitationDoc>(), now) };
    }
    case 'pending': {
      const renewed = await models.Invitation.findOneAndUpdate(
        { networkEID, profileEID, acceptedAt: null },
        { $set: { expiresAt: fields.expiresAt, invitationType, invitedBy: fields.invitedBy } },
        { sort: { created: -1 }, returnDocument: 'after' },
      ).lean<InvitationDoc>();
      if (renewed) return { status: 200, invitation: presentInvitation(renewed, now) };
      break;
    }
    case 'deleted':
      await models.Profile.updateOne(
        { _id: profileEID, networkEID, userState: 'deleted' },
        { $set: { userState: 'pending' } },
      );
      break;
  }
  const [invitation] = await models.Invitation.insertMany([fields]);
  const presented = presentInvitation(invitation!.toObject<InvitationDoc>(), now);
  await events.record('auth.invitation.created', {
    networkEID,
    actor: actorOf(caller),
    audience: { kind: 'admins' },
    data: {
      invitation: { type: 'invitation', EID: presented.EID },
      user: userRef(profileEID),
      invitationType,
    },
  });
  return { status: 201, invitation: presented };
}

async function recordActivation(
  events: EventSink,
  caller: DirectoryCaller | { kind: 'self'; profileEID: string },
  networkEID: string,
  profileEID: string,
  /** The state the person leaves, and why. */
  how:
    | { readonly previousState: 'pending'; readonly reason: 'invitation_accepted' }
    | { readonly previousState: 'suspended'; readonly reason: 'reinvited' },
) {
  await events.record('auth.membership.activated', {
    networkEID,
    actor: caller.kind === 'self' ? userRef(caller.profileEID) : actorOf(caller),
    audience: { kind: 'network' },
    data: { user: userRef(profileEID), ...how, state: 'active' },
  });
}

/** `GET /networks/{networkEID}/invitations/`, newest first; `type` filters by invitation type. */
export async function listInvitations(
  models: DirectoryStore,
  ctx: RequestContext,
  query: RouteQuery<'invitation.list'>,
): Promise<PlainCollection> {
  const caller = await findAdminOrAppCaller(models, ctx, INVITE_USERS);
  const filter = {
    networkEID: String(caller.network._id),
    ...(query.type ? { invitationType: query.type } : {}),
  };
  const now = new Date();
  return pageOf(
    models.Invitation,
    { filter, sort: { created: -1, _id: -1 } },
    query,
    { itemType: 'invitation', rel: 'invitations' },
    (invitations) => invitations.map((invitation) => presentInvitation(invitation, now)),
  );
}

export async function getInvitation(models: DirectoryStore, ctx: RequestContext, invitationEID: string) {
  const caller = await findAdminOrAppCaller(models, ctx, INVITE_USERS);
  if (!isEid(invitationEID)) throw new DomainError('DIR_ERR_INVITATION_NOT_FOUND');
  const invitation = await models.Invitation.findOne({
    _id: invitationEID,
    networkEID: String(caller.network._id),
  }).lean<InvitationDoc>();
  if (!invitation) throw new DomainError('DIR_ERR_INVITATION_NOT_FOUND');
  return presentInvitation(invitation, new Date());
}

/**
 * `POST /invitations/{invitationEID}/accept`: the invited account (signed in) accepts; its pending
 * membership becomes active (event `membership.activated`). Another account's invitation is 404;
 * accepting twice answers the accepted invitation again; an expired one is 409.
 */
export async function acceptInvitation(
  models: DirectoryStore,
  events: EventSink,
  ctx: RequestContext,
  invitationEID: string,
): Promise<PlainResource> {
  const accountId = ctx.principal?.accountId;
  if (!accountId) throw new DomainError('FORBIDDEN', 'Accepting an invitation needs a user token.');
  if (!isEid(invitationEID)) throw new DomainError('DIR_ERR_INVITATION_NOT_FOUND');
  const invitation = await models.Invitation.findById(invitationEID).lean<InvitationDoc>();
  if (!invitation || invitation.accountId !== accountId)
    throw new DomainError('DIR_ERR_INVITATION_NOT_FOUND');
  // Directory: a code-flow token acts in its one network.
  if (outsideTokenNetwork(ctx, invitation.networkEID)) throw new DomainError('DIR_ERR_INVITATION_NOT_FOUND');
  const now = new Date();
  const status = invitationStatus(invitation, now);
  if (status === 'accepted') return presentInvitation(invitation, now);
  if (status === 'expired')
    throw new DomainError('DIR_ERR_INVITATION_NOT_PENDING', 'The invitation has expired.');
  const { networkEID, profileEID } = invitation;
  const activated = await models.Profile.updateOne(
    { _id: profileEID, networkEID, accountId, userState: 'pending' },
    { $set: { userState: 'active' } },
  );
  if (activated.modifiedCount === 0) {
    const profile = await models.Profile.findOne({ _id: profileEID, networkEID }, { userState: 1 }).lean();
    // Suspended or deleted since the invitation: only an administrator can bring the person back.
    if (profile?.userState !== 'active')
      throw new DomainError('DIR_ERR_INVITATION_NOT_PENDING', 'The membership is no longer pending.');
  }
  const accepted = await models.Invitation.findOneAndUpdate(
    { _id: invitationEID, acceptedAt: null },
    { $set: { acceptedAt: now } },
    { returnDocument: 'after' },
  ).lean<InvitationDoc>();
  if (activated.modifiedCount > 0) {
    await recordActivation(events, { kind: 'self', profileEID }, networkEID, profileEID, {
      previousState: 'pending',
      reason: 'invitation_accepted',
    });
  }
  return presentInvitation(accepted ?? invitation, now);
}
