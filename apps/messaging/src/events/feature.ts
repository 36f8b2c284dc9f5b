/**
 * Events as a message feature: a new event's object and invitations (other types refuse `event`),
 * an edit's changes and their alerts, the open invitations closed on removal, and what an event
 * shows and offers the caller (`_user.rsvp`, `_user.permissions`, rsvp, cancel, reinstate).
 */
import type { MessageActions } from '../messages/affordances.js';
import { withActions, type MessageFeature } from '../messages/features.js';
import { closeEventResponses } from './actions.js';
import { eventEditFor, recordEventEdit } from './editing.js';
import type { EventStore } from './models.js';
import { rsvpsOfCaller, withEventFields } from './presentation.js';
import { messagePermissionsOf } from './rules.js';
import { eventFieldsOf, recordInvitations } from './writing.js';

const EVENT_ACTIONS = ['rsvp', 'cancel', 'reinstate'] as const;

export function eventsFeature(models: EventStore): MessageFeature {
  return {
    name: 'events',
    async create({ deps, caller, body }) {
      return {
        fields: await eventFieldsOf(deps.rpc, caller, body), // a private one: on no timeline
        after: (message) => recordInvitations(models, deps.outbox, message),
      };
    },
    edit({ deps, caller, message, body, htmlBody, now }) {
      const edit = eventEditFor(message, body, htmlBody, now);
      if (!edit) return undefined;
      return {
        set: edit.set, // the event object and its bubble
        after: (edited) => recordEventEdit({ models, outbox: deps.outbox }, caller, message, edited, edit),
      };
    },
    remove: (_caller, message) => closeEventResponses(models, message), // no longer an open invitation
    async present(caller, docs) {
      const rsvps = await rsvpsOfCaller(models, caller, docs);
      const now = new Date();
      return (doc, resource) => {
        const permissions = messagePermissionsOf(doc, caller.profileEID, now);
        const actions: MessageActions = {};
        for (const action of EVENT_ACTIONS) if (permissions.includes(action)) actions[action] = true;
        return withActions(withEventFields(resource, doc, caller, rsvps), actions);
      };
    },
  };
}
