/**
 * The NATS request/reply envelope (ARCHITECTURE §6) shared by the gateway and every service.
 */
import type { WireError } from './errors.js';

export const serviceNames = ['auth', 'messaging', 'kb', 'notifications'] as const;
export type ServiceName = (typeof serviceNames)[number];

/** Who is calling, as seen inside one network. */
export interface Principal {
  /** The account behind a user token; absent for app (client-credentials) tokens. */
  readonly accountId?: string;
  /** The caller's profile in `ctx.networkEID`, when the call is scoped to a network and a user. */
  readonly profileEID?: string;
  /** The app (OAuth client) the token was issued to. */
  readonly appEID?: string;
  readonly external: boolean;
  /** Network roles of the caller, e.g. `admin`, `member`. */
  readonly roles: readonly string[];
  /** User and application permissions, e.g. `MANAGE_KNOWLEDGE_BASE`, `infinite_limit`. */
  readonly permissions: readonly string[];
  /**
   * Directory, account routes only: what the token is (never the token itself), for
   * token status and for limiting a code-flow token to its one network.
   */
  readonly token?: TokenFacts;
}

/** What an access token stands for besides its principal. */
export interface TokenFacts {
  readonly clientId: string;
  readonly expiresAt: string | null;
  readonly scopes?: readonly string[];
  /** Code-flow tokens: the one network they act in. */
  readonly networkEID?: string;
}

export interface RequestContext {
  /** The network the request is scoped to; absent for network-less routes such as `/whoami/`. */
  readonly networkEID?: string;
  readonly principal?: Principal;
  /** The negotiated API version, e.g. `2026.1.13`. */
  readonly version: string;
  readonly requestId: string;
  /** Preferred language of the caller (from `Accept-Language`), e.g. `en`, `nl`. */
  readonly language?: string;
  /** Public routes only: the base URL and `Host` of the request (OAuth metadata, network by subdomain). */
  readonly baseUrl?: string;
  readonly host?: string;
  /**
   * Routes that check a password (`passwordSignIn`) only: the client's address as the gateway saw it
   * (behind `TRUST_PROXY`, the forwarded one). Auth throttles failed sign-ins by it; never from a body.
   */
  readonly clientAddress?: string;
  /** Routes with `idempotencyKey` only: the request's `Idempotency-Key` header as sent. */
  readonly idempotencyKey?: string;
  /**
   * The W3C `traceparent` of the span serving the request, where the process's active context does
   * not follow requests (no span exporter). The RPC client sends it as the NATS
   * header, never in the envelope; the RPC server sets its own span's here for the handler's calls.
   */
  readonly traceparent?: string;
}

export interface RpcRequest<P = Record<string, unknown>, Q = Record<string, unknown>, B = unknown> {
  readonly ctx: RequestContext;
  readonly params: P;
  readonly query: Q;
  readonly body: B;
}

/**
 * A reply: `status` is set only when the handler chose one (e.g. 200 instead of the route's 201
 * when a create found the thing already there); otherwise the route's status applies.
 */
export type RpcReply<T = unknown> =
  | { readonly ok: true; readonly data: T; readonly status?: number }
  | { readonly ok: false; readonly error: WireError };

/** A reference to another resource. */
export interface ResourceRef {
  readonly type: string;
  readonly EID: string;
}

/** A plain resource as services return it: no HAL, the gateway adds `_links` and `_embedded`. */
export interface PlainResource {
  readonly type: string;
  readonly EID?: string;
  readonly [field: string]: unknown;
}

/** A page of a collection as services return it; the gateway adds `next`/`prev` links. */
export interface PlainCollection<T extends PlainResource = PlainResource> {
  readonly type: 'collection';
  readonly itemType: string;
  /** The relation name the items are embedded under, e.g. `users`. */
  readonly rel: string;
  readonly total: number;
  readonly limit: number;
  readonly offset: number;
  readonly items: readonly T[];
}
