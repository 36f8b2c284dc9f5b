/**
 * Auto-send of the AI welcome message: a durable JetStream consumer (`messaging-ai-welcome`, shared
 * by every messaging instance) of auth's `membership.activated`. When the network's settings have
 * `welcomeMessageAutoSendEnabled` and an assistant, the person is welcomed; the unique welcome
 * receipt per person makes a redelivered event, or a dispatch, send nothing more.
 */
import { eventSubject, type DomainEvent } from '@ncs/contracts';
import { startEventConsumer, type EventConsumer, type ServiceRuntime } from '@ncs/service-kit';
import type { MessagingModels } from '../messages/models.js';
import { findSettings } from './settings.js';
import { welcomePeople } from './welcome.js';

export const AI_WELCOME_DURABLE = 'messaging-ai-welcome';
const ACTIVATED = eventSubject('auth', 'membership', 'activated');

/** The person a `membership.activated` event names, if any. */
export function activatedProfileOf(event: DomainEvent): string | null {
  const user = (event.data as { user?: { EID?: unknown } }).user;
  return typeof user?.EID === 'string' ? user.EID : null;
}

export async function welcomeActivated(models: MessagingModels, event: DomainEvent): Promise<void> {
  const profileEID = activatedProfileOf(event);
  if (event.networkEID === undefined || profileEID === null) return;
  const settings = await findSettings(models, event.networkEID);
  if (!settings?.welcomeMessageAutoSendEnabled || !settings.assistantEID) return;
  await welcomePeople(models, event.networkEID, settings.assistantEID, settings.companyInfo ?? '', [
    profileEID,
  ]);
}

export function startWelcomeConsumer(runtime: ServiceRuntime, models: MessagingModels): EventConsumer {
  return startEventConsumer({
    nats: runtime.nats,
    connection: runtime.db,
    durable: AI_WELCOME_DURABLE,
    filterSubjects: [ACTIVATED],
    logger: runtime.logger,
    handle: (event) => welcomeActivated(models, event),
  });
}
