/**
 * What the messaging route files share: the message path, the common route fields, the path
 * parameters of a message and the body-less message action (answers the message as it now is).
 */
import { route } from '../core/route-definition.js';
import { Eid, strictObject } from '../core/schemas.js';
import { MessageResource } from './resources.js';

export const MESSAGE = '/networks/{networkEID}/messages/{messageEID}';
export const messageRouteCommon = {
  service: 'messaging',
  tag: 'Messages',
  scope: 'network',
  format: 'hal',
} as const;

export const MessageParams = strictObject({ networkEID: Eid, messageEID: Eid });

/** A message action without a body: answers the message as it now is. */
export const messageAction = <const Id extends string>(
  id: Id,
  verb: string,
  summary: string,
  // Scale-out: an action that sets a state is sent again after a timeout.
  options: { readonly idempotent?: true } = {},
) =>
  route({
    ...messageRouteCommon,
    ...options,
    id,
    method: 'POST',
    path: `${MESSAGE}/${verb}`,
    summary,
    params: MessageParams,
    reply: { status: 200, schema: MessageResource },
  });
