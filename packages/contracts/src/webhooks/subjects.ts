/**
 * Notifications → auth (app webhooks): the apps installed in `ctx.networkEID` whose
 * manifest subscribes to `eventType`, or (with `appEID`) that one app if installed there, with
 * their `events` (body `WebhookSubscribersRequest`, reply `WebhookSubscribersReply`). Auth owns
 * manifests and installations; notifications never reads them itself.
 */
import { rpcSubject } from '../core/subjects.js';

export const webhookSubscribersSubject = rpcSubject('auth', 'app', 'webhookSubscribers');

export interface WebhookSubscribersRequest {
  readonly eventType?: string;
  readonly appEID?: string;
}
export interface WebhookSubscriber {
  readonly appEID: string;
  readonly url: string | null;
  readonly subscriptions: readonly string[];
}
export interface WebhookSubscribersReply {
  readonly apps: readonly WebhookSubscriber[];
}
