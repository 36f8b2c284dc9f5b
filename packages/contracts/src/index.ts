// What every area shares.
export * from './core/client-address.js';
export * from './core/envelope.js';
export * from './core/errors.js';
export * from './core/links.js';
export * from './core/memo.js';
export * from './core/network-less.js';
export * from './core/pagination.js';
export * from './core/private-targets.js';
export * from './core/route-definition.js';
export * from './core/schemas.js';
export * from './core/subjects.js';
export * from './core/internal-subject.js';
export * from './core/internal-subjects.js';
export * from './core/text-hygiene.js';
export * from './core/versions.js';
export * from './core/whitelisting.js';
// The catalogue of internal request subjects: their bodies' and replies' schemas (ARCHITECTURE §6).
export * from './internal-subjects.js';
export * from './internal-subjects-docs.js';
// The domain event catalogue: every event's data schema and audience kinds (ARCHITECTURE §6).
export * from './domain-events/catalogue.js';
export * from './domain-events/catalogue-docs.js';
export * from './domain-events/live.js';
export * from './domain-events/ephemeral.js';
export * from './core/audience.js';
export { audienceSchemaOf, type AnyEventDefinition } from './domain-events/define.js';
// The areas: their resources, route tables, errors and link relations.
export * from './apps/resources.js';
export { appsRoutes } from './apps/routes.js';
export { appsErrors } from './apps/errors.js';
export { appsLinkRelations } from './apps/links.js';
export * from './directory/resources.js';
export { directoryRoutes } from './directory/routes.js';
export { directoryErrors } from './directory/errors.js';
export { directoryLinkRelations } from './directory/links.js';
export * from './groups/resources.js';
export { groupsRoutes } from './groups/routes.js';
export { groupsErrors } from './groups/errors.js';
export { groupsLinkRelations } from './groups/links.js';
export * from './kb/resources.js';
export { kbRoutes } from './kb/routes.js';
export { kbErrors } from './kb/errors.js';
export { kbLinkRelations } from './kb/links.js';
export * from './messages/resources.js';
export * from './messages/news-resources.js';
// Messaging: types, fields and app posting.
export * from './messages/type-fields.js';
// Timelines, threads, bubbling.
export * from './messages/timeline-resources.js';
export { messagesRoutes } from './messages/routes.js';
export { messagesErrors } from './messages/errors.js';
export { messagesLinkRelations } from './messages/links.js';
// Message actions.
export * from './messages/action-resources.js';
export * from './messages/mention-resources.js';
// Emoji reactions.
export * from './messages/reactions.js';
export { reactionRoutes } from './messages/reaction-routes.js';
// Pins.
export { pinRoutes, PINS_PER_TIMELINE_MAX } from './messages/pin-routes.js';
// Hashtags.
export * from './messages/tags.js';
export { tagRoutes } from './messages/tag-routes.js';
// Edit history.
export {
  historyRoutes,
  MESSAGE_HISTORY_MAX_VERSIONS,
  MessageVersionCollection,
  MessageVersionResource,
} from './messages/history-routes.js';
// The 1.4.8 gate, `event` renamed `announcement`.
export { LEGACY_ANNOUNCEMENT_TYPE } from './messages/announcement-gate.js';
// Search and idempotent posting.
export { SEARCH_MAX_DEPTH, searchMessageTypes, searchResultTypes, searchRoutes } from './search/routes.js';
export * from './search/directory.js';
// Saved items.
export { savedRoutes } from './saved/routes.js';
export * from './saved/resources.js';
export * from './network/resources.js';
export { networkRoutes } from './network/routes.js';
export { networkLinkRelations } from './network/links.js';
export * from './oauth/resources.js';
export { oauthRoutes, oauthTokenRoute } from './oauth/routes.js';
export { oauthErrors } from './oauth/errors.js';
export * from './settings/resources.js';
export { settingsRoutes } from './settings/routes.js';
export { settingsErrors } from './settings/errors.js';
export { settingsLinkRelations } from './settings/links.js';
// What spans the areas: the whole route table, error catalogue and link relations, and what is
// derived from them.
export * from './routes.js';
export * from './errors.js';
export * from './links.js';
// Affordances: where a collection takes new items (its `create` link).
export * from './affordances.js';
export * from './gates.js';
export * from './scopes.js';
export * from './openapi/document.js';
export type * from './openapi/types.js';
// Tasks.
export * from './messages/task-fields.js';
export * from './tasks/resources.js';
export { tasksRoutes } from './tasks/routes.js';
export { tasksErrors } from './tasks/errors.js';
export { tasksLinkRelations } from './tasks/links.js';
// Polls.
export * from './messages/poll-fields.js';
export * from './polls/resources.js';
export { pollsRoutes } from './polls/routes.js';
export { pollsErrors } from './polls/errors.js';
export { pollsLinkRelations } from './polls/links.js';
// Events.
export * from './messages/event-fields.js';
export * from './events/resources.js';
export { eventsRoutes } from './events/routes.js';
export { eventsErrors } from './events/errors.js';
// Notifications: alerts.
export * from './notifications/resources.js';
export { notificationsRoutes } from './notifications/routes.js';
export { notificationsErrors } from './notifications/errors.js';
export { notificationsLinkRelations } from './notifications/links.js';
// Chat and the AI assistant.
export * from './assistant/resources.js';
export { assistantRoutes } from './assistant/routes.js';
export { assistantErrors } from './assistant/errors.js';
export * from './chat/resources.js';
export { chatPinRoutes, chatRoutes } from './chat/routes.js';
export { chatErrors } from './chat/errors.js';
export { chatLinkRelations } from './chat/links.js';
// Journeys.
export * from './journeys/resources.js';
export { journeysRoutes } from './journeys/routes.js';
export { journeysErrors } from './journeys/errors.js';
export { journeysLinkRelations } from './journeys/links.js';
export { journeyLaunchFailedSubject } from './journeys/events.js';
// Directory: account operations.
export * from './account/resources.js';
export { accountRoutes } from './account/routes.js';
export { accountErrors } from './account/errors.js';
export { accountLinkRelations } from './account/links.js';
// Devices, push and white-label apps.
export * from './push/resources.js';
export { pushRoutes } from './push/routes.js';
export { pushErrors } from './push/errors.js';
export { pushLinkRelations } from './push/links.js';
// Notifications: app alerts and the live stream.
export * from './notifications/app-alerts.js';
// Notifications: the live stream.
export * from './notifications/stream.js';
// Notifications: app webhooks.
export * from './apps/webhook-events.js';
export * from './webhooks/resources.js';
export * from './webhooks/subjects.js';
export { webhooksRoutes } from './webhooks/routes.js';
export { webhooksErrors } from './webhooks/errors.js';
// Directory: group operations and app permissions.
export * from './groups/ops-resources.js';
export { groupOpsRoutes } from './groups/ops-routes.js';
export { groupOpsErrors } from './groups/ops-errors.js';
export { groupOpsLinkRelations } from './groups/ops-links.js';
// Directory: network operations.
export * from './network-admin/resources.js';
export { networkAdminRoutes } from './network-admin/routes.js';
export { networkAdminErrors } from './network-admin/errors.js';
export { networkAdminLinkRelations } from './network-admin/links.js';
export * from './directory/sync.js';
export * from './directory/network-writes.js';
// Files and folders.
export * from './files/resources.js';
export * from './files/folders.js';
export { filesRoutes } from './files/routes.js';
export { filesErrors } from './files/errors.js';
export { filesLinkRelations } from './files/links.js';
export * from './files/folder-resources.js';
// Directory: branding.
export * from './branding/routes.js';
export { brandingErrors } from './branding/errors.js';
// Files: media.
export * from './files/media.js';
export { filesMediaRoutes } from './files/media-routes.js';
export { filesMediaErrors } from './files/media-errors.js';
// Files: crop, a message action answered by messaging's files area.
export { messageCropRoutes } from './messages/action-routes.js';
// Files: branding images are network assets.
export * from './files/assets.js';
// Files: attachments and temporary uploads.
export * from './messages/attachment-fields.js';
// Directory (group operations): relations, users add/merge, widgets.
export * from './groups/directory-resources.js';
export { groupDirectoryRoutes } from './groups/directory-routes.js';
export { groupDirectoryErrors } from './groups/directory-errors.js';
export { groupDirectoryLinkRelations } from './groups/directory-links.js';
