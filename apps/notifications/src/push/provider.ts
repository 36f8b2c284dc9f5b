/**
 * The push provider interface: one implementation per `notificationProvider` (fcm.ts). `send`
 * never throws: every answer, a network failure included, is one of the outcomes below.
 */
export interface PushTarget {
  readonly token: string;
  /** The provider project the token belongs to (the device's white-label app, else the default). */
  readonly projectId: string;
}

export interface PushPayload {
  /** The alert type (the spec's Push notification `messageType`). */
  readonly messageType: string;
  readonly networkEID: string;
  readonly alertEID: string;
}

export type PushOutcome =
  /** The provider accepted the message. */
  | { readonly kind: 'delivered'; readonly code: string }
  /** The token is no longer valid: the device is removed. */
  | { readonly kind: 'dead-token'; readonly code: string }
  /** Try again later (5xx, 429, network): after `retryAfterMs` at least, when the provider said. */
  | { readonly kind: 'retryable'; readonly code: string; readonly retryAfterMs?: number }
  /** A failure that another attempt will not mend (credentials, a refused payload). */
  | { readonly kind: 'failed'; readonly code: string };

export interface PushProvider {
  /** Sends within `timeoutMs`; a send cut off by it is `retryable` (`network`). */
  send(target: PushTarget, payload: PushPayload, timeoutMs: number): Promise<PushOutcome>;
}
