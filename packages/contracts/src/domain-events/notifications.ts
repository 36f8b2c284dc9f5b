/**
 * The domain events notifications records (apps/notifications/src): an alert reaching its
 * recipient, and alerts marked read. They exist for the recipient's live stream (and, through the
 * network's log, for anything else that follows what a person was told): each is addressed to the
 * one person it is about and carries references only; the stream reads the alert as the alert list
 * shows it when it delivers the event.
 */
import { Type } from '@sinclair/typebox';
import { Eid, strictObject } from '../core/schemas.js';
import { UserRef, defineEvent } from './define.js';

export const notificationsEvents = [
  defineEvent({
    service: 'notifications',
    entity: 'alert',
    verb: 'delivered',
    description:
      "An occurrence of an alert was written for its recipient (a new alert, or merged into the recipient's open one).",
    audience: ['people'],
    data: strictObject({
      /** Not `alert`: that name says which alert an event makes (the catalogue's convention). */
      alertEID: Eid,
      recipient: UserRef,
      /** The occurrence: new for every delivery, merged or not. */
      occurrenceEID: Eid,
      alertType: Type.String({ minLength: 1 }),
    }),
  }),
  defineEvent({
    service: 'notifications',
    entity: 'alert',
    verb: 'read',
    description: 'A person marked alerts read (only when at least one changed): their counters changed.',
    audience: ['people'],
    data: strictObject({ reader: UserRef, numMarked: Type.Integer({ minimum: 1 }) }),
  }),
] as const;
