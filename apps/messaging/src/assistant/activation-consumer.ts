/**
 * Auto-send of the AI welcome message: a durable JetStream consumer (`messaging-ai-welcome`, shared
 * by every messaging instance) of auth's `membership.activated`. When the network's settings have
 * `welcomeMessageAutoSendEnabled` and an assistant, the person is welcomed; the unique welcome
 * receipt per person makes a redelivered event, or a dispatch, send nothing more.
 */
import type { CatalogueEvent } from '@ncs/contracts';
import { startEventConsumer, type EventConsumer, type Outbox, type ServiceRuntime } from '@ncs/service-kit';
import { findSettings } from './settings.js';
import { welcomePeople } from './welcome.js';
import type { AssistantStore } from './models.js';

export const AI_WELCOME_DURABLE = 'messaging-ai-welcome';
const ACTIVATED = 'auth.membership.activated';
type ActivatedEvent = CatalogueEvent<typeof ACTIVATED>;

/** The person a `membership.activated` event names, if any. */
export function activatedProfileOf(event: ActivatedEvent): string {
  return event.data.user.EID;
}

export async function welcomeActivated(
  models: AssistantStore,
  outbox: Outbox,
  event: ActivatedEvent,
): Promise<void> {
  const profileEID = activatedProfileOf(event);
  if (event.networkEID === undefined) return;
  const settings = await findSettings(models, event.networkEID);
  if (!settings?.welcomeMessageAutoSendEnabled || !settings.assistantEID) return;
  await welcomePeople(models, outbox, event.networkEID, settings.assistantEID, settings.companyInfo ?? '', [
    profileEID,
  ]);
}

export function startWelcomeConsumer(
  runtime: ServiceRuntime,
  models: AssistantStore,
  outbox: Outbox,
): EventConsumer {
  return startEventConsumer({
    nats: runtime.nats,
    connection: runtime.db,
    durable: AI_WELCOME_DURABLE,
    events: [ACTIVATED],
    logger: runtime.logger,
    handle: (event) => welcomeActivated(models, outbox, event),
  });
}
