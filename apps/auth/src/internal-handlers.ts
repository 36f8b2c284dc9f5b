/**
 * Handlers of the auth service's internal subjects (not HTTP routes): the gateway's token lookup
 * the batches behind `embed=` of profiles, groups and networks, the caller's group access, and what
 * a person's live stream may carry.
 */
import { batchItems, internalSubjects } from '@ncs/contracts';
import { internalHandler, internalHandlerMap, type RpcHandler } from '@ncs/service-kit';
import { findCallerNetworks } from './directory/networks.js';
import { findProfilesForEmbed } from './directory/profiles.js';
import { postableTypesBatch } from './directory/postable-types.js';
import { groupAccessFor } from './groups/access.js';
import { addresseesPage } from './groups/addressees.js';
// Hashtags: the followers of a tag who may read a group message.
import { groupMembersAmong } from './groups/members-among.js';
import { streamAudience } from './groups/stream-audience.js';
import { showsPresence } from './account/presence-shown.js';
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
import { appAlertRecipients } from './apps/alert-recipients.js';
// Notifications: app webhooks.
import { webhookSubscribers } from './apps/webhook-subscribers.js';

export function internalHandlers(models: AuthModels, networkDomain: string): Record<string, RpcHandler> {
  return internalHandlerMap([
    internalHandler(internalSubjects.tokenLookup, ({ body }) => lookupAccessToken(models, body.token)),
    internalHandler(internalSubjects.profilesBatch, async ({ ctx, body }) => {
      if (!ctx.networkEID || !ctx.principal?.profileEID) return [];
      return batchItems(await findProfilesForEmbed(models, ctx, body.EIDs));
    }),
    internalHandler(internalSubjects.groupsBatch, async ({ ctx, body }) =>
      batchItems(await findGroupsForEmbed(models, ctx, body.EIDs)),
    ),
    internalHandler(internalSubjects.groupAccess, ({ ctx, body }) => groupAccessFor(models, ctx, body.EIDs)),
    internalHandler(internalSubjects.networksBatch, async ({ ctx, body }) =>
      batchItems(await findCallerNetworks(models, ctx, body.EIDs, networkDomain)),
    ),
    // News (messaging's addressee export).
    internalHandler(internalSubjects.addresseesPage, ({ ctx, body }) => addresseesPage(models, ctx, body)),
    internalHandler(internalSubjects.groupMembersAmong, ({ ctx, body }) =>
      groupMembersAmong(models, ctx, body),
    ),
    // Search and idempotent posting: people and groups for messaging's search.
    internalHandler(internalSubjects.directorySearch, ({ ctx, body }) => searchDirectory(models, ctx, body)),
    // Messaging's profile timelines: what the caller may post on each profile.
    internalHandler(internalSubjects.postableTypes, ({ ctx, body }) =>
      postableTypesBatch(models, ctx, body.EIDs),
    ),
    // Tasks: the assignees of a split task by name (messaging's task progress).
    internalHandler(internalSubjects.profileNamePage, ({ ctx, body }) => profileNamePage(models, ctx, body)),
    // Notifications (alerts): who receives `orphaned_group`.
    internalHandler(internalSubjects.networkAdmins, ({ ctx }) => networkAdmins(models, ctx)),
    // Chat and the AI assistant: the caller's standing and the network's bot.
    internalHandler(internalSubjects.aiAssistantStanding, ({ ctx, body }) =>
      aiAssistantStanding(models, ctx, body),
    ),
    // Chat: which people the caller may chat with (the `scope=chat` rule).
    internalHandler(internalSubjects.chatPartners, ({ ctx, body }) => chatPartners(models, ctx, body.EIDs)),
    // Notifications (app alerts): who an app alert reaches, pending invitees included.
    internalHandler(internalSubjects.appAlertRecipients, ({ ctx, body }) =>
      appAlertRecipients(models, ctx, body),
    ),
    // Notifications (app webhooks): the installed apps subscribed to an event type.
    internalHandler(internalSubjects.webhookSubscribers, ({ ctx, body }) =>
      webhookSubscribers(models, ctx, body),
    ),
    // The gateway's live stream: which events a person's stream carries, decided when it opens.
    internalHandler(internalSubjects.streamAudience, async ({ ctx, body }) => {
      const [standing, showPresence] = await Promise.all([
        streamAudience(models, ctx, body),
        showsPresence(models, ctx.networkEID ?? '', body.profileEID),
      ]);
      return { ...standing, showPresence };
    }),
  ]);
}
