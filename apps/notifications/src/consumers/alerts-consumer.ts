/**
 * The durable JetStream consumer that turns domain events into alerts: one pull consumer
 * (`notifications-alerts`) shared by every notifications instance, an event acknowledged only after
 * its alerts are written (service-kit `startEventConsumer`), idempotent on the event id per
 * recipient (the occurrences' unique index). Decisions: docs/decisions.md, "Notifications: alerts".
 */
import { internalSubjects, LATEST_VERSION, type DomainEvent } from '@ncs/contracts';
import { startEventConsumer, type EventConsumer, type ServiceRuntime } from '@ncs/service-kit';
import type { AlertModels } from '../alerts/models.js';
import { deliverAlert } from '../alerts/writing.js';
import { ALERT_EVENTS, ALERT_EVENT_SUBJECTS, planAlert } from './alert-plans.js';

export const ALERTS_DURABLE = 'notifications-alerts';

async function networkAdminsOf(runtime: ServiceRuntime, event: DomainEvent, networkEID: string) {
  const ctx = { version: LATEST_VERSION, requestId: `alert-${event.id}`, networkEID };
  const reply = await runtime.rpc.request(internalSubjects.networkAdmins, { ctx });
  return reply.profileEIDs;
}

/** Writes the alerts of one event; throws (so the event is redelivered) when a write fails. */
export async function applyEvent(runtime: ServiceRuntime, models: AlertModels, event: DomainEvent) {
  const plan = planAlert(event);
  if (plan === null || event.networkEID === undefined) return;
  const networkEID = event.networkEID;
  const recipients =
    plan.recipients === 'networkAdmins' ? await networkAdminsOf(runtime, event, networkEID) : plan.recipients;
  const occurredAt = new Date(event.occurredAt);
  // Recipients are independent (each their own alerts): a few at a time.
  for (let start = 0; start < recipients.length; start += RECIPIENTS_AT_ONCE) {
    await Promise.all(
      recipients.slice(start, start + RECIPIENTS_AT_ONCE).map((recipientEID) =>
        deliverAlert(models, {
          networkEID,
          recipientEID,
          type: plan.type,
          eventId: event.id,
          occurredAt: Number.isNaN(occurredAt.getTime()) ? new Date() : occurredAt,
          subject: plan.subject,
          originator: plan.originator,
          groupEIDs: plan.groupEIDs,
          appData: plan.appData,
        }),
      ),
    );
  }
}

/** Recipients of one event written at once. */
const RECIPIENTS_AT_ONCE = 8;

/**
 * Events that would write the same coalesced alerts (same type and subject) are handled in stream
 * order, so the newest `appData` and `lastModified` win; the others run side by side.
 */
export function alertOrderKey(event: DomainEvent): string {
  const plan = planAlert(event);
  if (plan === null) return `-:${event.id}`;
  return `${plan.type}|${plan.subject ? `${plan.subject.type}:${plan.subject.EID}` : '-'}`;
}

export function startAlertsConsumer(
  runtime: ServiceRuntime,
  models: AlertModels,
  concurrency = 1,
): EventConsumer {
  return startEventConsumer({
    nats: runtime.nats,
    connection: runtime.db,
    durable: ALERTS_DURABLE,
    // The wildcard kept as the durable's filter; the handler takes the catalogued events listed.
    filterSubjects: ALERT_EVENT_SUBJECTS,
    events: ALERT_EVENTS,
    logger: runtime.logger,
    handle: (event) => applyEvent(runtime, models, event),
    // Notifications: alert throughput.
    concurrency,
    orderKey: alertOrderKey,
    // The occurrences' unique index on the event id makes a redelivery write nothing twice.
    idempotentHandler: true,
  });
}
