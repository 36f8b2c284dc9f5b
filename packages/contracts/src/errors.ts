/**
 * The error catalogue: every error the platform answers with, its HTTP status and its numeric code.
 * Services throw `DomainError`s built from these entries; only the gateway turns them into HTTP
 * (`application/problem+json`, RFC 9457). Codes are negative integers, as the spec's `-38`. What an
 * entry is and the shared entries are in core/errors.ts; each area lists its own.
 */
import { appsErrors } from './apps/errors.js';
import {
  httpErrors,
  networkErrors,
  type ErrorDefinition,
  type ErrorDetail,
  type WireError,
} from './core/errors.js';
import { directoryErrors } from './directory/errors.js';
import { groupsErrors } from './groups/errors.js';
import { kbErrors } from './kb/errors.js';
import { messagesErrors } from './messages/errors.js';
// Notifications: alerts.
import { notificationsErrors } from './notifications/errors.js';
import { oauthErrors } from './oauth/errors.js';
import { settingsErrors } from './settings/errors.js';
// Tasks.
import { tasksErrors } from './tasks/errors.js';
// Polls.
import { pollsErrors } from './polls/errors.js';
// Events.
import { eventsErrors } from './events/errors.js';
// Chat and the AI assistant.
import { assistantErrors } from './assistant/errors.js';
import { chatErrors } from './chat/errors.js';
// Journeys.
import { journeysErrors } from './journeys/errors.js';
// Directory: account operations.
import { accountErrors } from './account/errors.js';
// Devices, push and white-label apps.
import { pushErrors } from './push/errors.js';
// Notifications: app alerts and the live stream.
import { appAlertErrors } from './notifications/app-alerts.js';
// Notifications: the live stream.
import { streamErrors } from './notifications/stream.js';
// Notifications: app webhooks.
import { webhooksErrors } from './webhooks/errors.js';
// Directory: group operations and app permissions.
import { groupOpsErrors } from './groups/ops-errors.js';
// Directory: network operations.
import { networkAdminErrors } from './network-admin/errors.js';
// Files and folders.
import { filesErrors } from './files/errors.js';
// Directory: branding.
import { brandingErrors } from './branding/errors.js';
// Files: media.
import { filesMediaErrors } from './files/media-errors.js';
// Directory (group operations): relations, users add/merge, widgets.
import { groupDirectoryErrors } from './groups/directory-errors.js';

export const errorCatalogue = {
  ...httpErrors,
  ...oauthErrors,
  ...networkErrors,
  ...kbErrors,
  ...directoryErrors,
  ...groupsErrors,
  ...settingsErrors,
  ...appsErrors,
  ...messagesErrors,
  // Tasks.
  ...tasksErrors,
  // Polls.
  ...pollsErrors,
  // Events.
  ...eventsErrors,
  // Notifications: alerts.
  ...notificationsErrors,
  // Chat and the AI assistant.
  ...chatErrors,
  ...assistantErrors,
  // Journeys.
  ...journeysErrors,
  // Directory: account operations.
  ...accountErrors,
  // Devices, push and white-label apps.
  ...pushErrors,
  // Notifications: app alerts and the live stream.
  ...appAlertErrors,
  // Notifications: the live stream.
  ...streamErrors,
  // Notifications: app webhooks.
  ...webhooksErrors,
  // Directory: group operations and app permissions.
  ...groupOpsErrors,
  // Directory: network operations.
  ...networkAdminErrors,
  // Files and folders.
  ...filesErrors,
  // Directory: branding.
  ...brandingErrors,
  // Files: media.
  ...filesMediaErrors,
  // Directory (group operations): relations, users add/merge, widgets.
  ...groupDirectoryErrors,
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorName = keyof typeof errorCatalogue;

/** An error of the domain, carried over NATS as `{ status, code, name, message, details }`. */
export class DomainError extends Error {
  readonly status: number;
  readonly code: number;
  readonly errorName: ErrorName;
  readonly details: readonly ErrorDetail[] | undefined;
  /** Messages of errors below 500 are shown to clients; others are replaced by a generic text. */
  readonly expose: boolean;

  constructor(name: ErrorName, message?: string, details?: readonly ErrorDetail[]) {
    const def = errorCatalogue[name];
    super(message ?? def.message);
    this.name = 'DomainError';
    this.errorName = name;
    this.status = def.status;
    this.code = def.code;
    this.details = details;
    this.expose = def.status < 500;
  }

  toWire(): WireError {
    return {
      status: this.status,
      code: this.code,
      name: this.errorName,
      message: this.expose ? this.message : errorCatalogue.INTERNAL.message,
      ...(this.details ? { details: this.details } : {}),
    };
  }
}

export function isErrorName(value: string): value is ErrorName {
  return Object.hasOwn(errorCatalogue, value);
}
