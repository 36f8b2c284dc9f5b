/**
 * Handlers of the auth service's internal subjects (not HTTP routes): the gateway's token lookup
 * the batches behind `embed=` of profiles, groups and networks, and the caller's group access.
 */
import { DomainError, internalSubjects, type RpcRequest } from '@ncs/contracts';
import type { RpcHandler } from '@ncs/service-kit';
import { findCallerNetworks } from './directory/networks.js';
import { findProfilesForEmbed } from './directory/profiles.js';
import { postableTypesBatch } from './directory/postable-types.js';
import { groupAccessFor } from './groups/access.js';
import { addresseesPage } from './groups/addressees.js';
import { findGroupsForEmbed } from './groups/themes.js';
import type { AuthModels } from './models.js';
import { searchDirectory } from './search/directory-search.js';
import { lookupAccessToken } from './oauth/token-management.js';
// Tasks.
import { profileNamePage } from './search/profile-name-page.js';
// Notifications: alerts.
import { networkAdmins } from './network-admin/network-admins.js';
// Chat and the AI assistant.
import { aiAssistantStanding } from './chat/ai-assistant-bot.js';
import { chatPartners } from './chat/chat-partners.js';
// Notifications: app alerts and the live stream.
import { appAlertRecipientsSubject } from '@ncs/contracts';
import { appAlertRecipients } from './apps/alert-recipients.js';
// Notifications: app webhooks.
import { webhookSubscribersSubject } from '@ncs/contracts';
import { webhookSubscribers } from './apps/webhook-subscribers.js';

export function internalHandlers(models: AuthModels, networkDomain: string): Record<string, RpcHandler> {
  return {
    [internalSubjects.tokenLookup]: ({ body }: RpcRequest) => {
      const token = (body as { token?: unknown } | null)?.token;
      if (typeof token !== 'string') throw new DomainError('BAD_REQUEST', 'token is required.');
      return lookupAccessToken(models, token);
    },
    [internalSubjects.profilesBatch]: async ({ ctx, body }: RpcRequest) => {
      if (!ctx.networkEID || !ctx.principal?.profileEID) return [];
      return findProfilesForEmbed(models, ctx, requestedEIDs(body));
    },
    [internalSubjects.groupsBatch]: async ({ ctx, body }: RpcRequest) =>
      findGroupsForEmbed(models, ctx, requestedEIDs(body)),
    [internalSubjects.groupAccess]: ({ ctx, body }: RpcRequest) =>
      groupAccessFor(models, ctx, requestedEIDs(body)),
    [internalSubjects.networksBatch]: ({ ctx, body }: RpcRequest) =>
      findCallerNetworks(models, ctx, requestedEIDs(body), networkDomain),
    // News (messaging's addressee export).
    [internalSubjects.addresseesPage]: ({ ctx, body }: RpcRequest) => addresseesPage(models, ctx, body),
    // Search and idempotent posting: people and groups for messaging's search.
    [internalSubjects.directorySearch]: ({ ctx, body }: RpcRequest) => searchDirectory(models, ctx, body),
    // Messaging's profile timelines: what the caller may post on each profile.
    [internalSubjects.postableTypes]: ({ ctx, body }: RpcRequest) =>
      postableTypesBatch(models, ctx, requestedEIDs(body)),
    // Tasks: the assignees of a split task by name (messaging's task progress).
    [internalSubjects.profileNamePage]: ({ ctx, body }: RpcRequest) => profileNamePage(models, ctx, body),
    // Notifications (alerts): who receives `orphaned_group`.
    [internalSubjects.networkAdmins]: ({ ctx }: RpcRequest) => networkAdmins(models, ctx),
    // Chat and the AI assistant: the caller's standing and the network's bot.
    [internalSubjects.aiAssistantStanding]: ({ ctx, body }: RpcRequest) =>
      aiAssistantStanding(models, ctx, body),
    // Chat: which people the caller may chat with (the `scope=chat` rule).
    [internalSubjects.chatPartners]: ({ ctx, body }: RpcRequest) =>
      chatPartners(models, ctx, requestedEIDs(body)),
    // Notifications (app alerts): who an app alert reaches, pending invitees included.
    [appAlertRecipientsSubject]: ({ ctx, body }: RpcRequest) => appAlertRecipients(models, ctx, body),
    // Notifications (app webhooks): the installed apps subscribed to an event type.
    [webhookSubscribersSubject]: ({ ctx, body }: RpcRequest) => webhookSubscribers(models, ctx, body),
  };
}

/** `{ EIDs: string[] }` of a batch request, bounded (internal subjects have no route schema). */
function requestedEIDs(body: unknown): string[] {
  const eids = (body as { EIDs?: unknown } | null)?.EIDs;
  if (!Array.isArray(eids) || eids.length > 1000 || !eids.every((e) => typeof e === 'string')) {
    throw new DomainError('BAD_REQUEST', 'EIDs must be an array of at most 1000 strings.');
  }
  return eids;
}
