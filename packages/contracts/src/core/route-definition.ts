/**
 * What a route of the table is: method, path, owner, schemas, scope and versions (ARCHITECTURE §4).
 */
import { Type, type Static, type TObject, type TSchema } from '@sinclair/typebox';
import type { RequestContext } from './envelope.js';
import type { ServiceName } from './envelope.js';
import { rpcSubject } from './subjects.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A range of API versions: `since` inclusive, `until` exclusive; either may be absent. */
export interface VersionRange {
  readonly since?: string;
  readonly until?: string;
}

/** A schema that differs between versions: the first variant whose range holds the version wins. */
export interface VersionedSchema {
  readonly variants: readonly { readonly range: VersionRange; readonly schema: TSchema }[];
}

export interface RouteDefinition {
  /** Unique id, `<resource>.<action>`; also the handler name in the owning service. */
  readonly id: string;
  readonly method: HttpMethod;
  /** OpenAPI-style path with `{param}` placeholders, relative to the base URL. */
  readonly path: string;
  readonly service: ServiceName;
  readonly subject: string;
  readonly summary: string;
  readonly tag: string;
  /**
   * `network`: the path holds `{networkEID}` (or, see `networkQuery`, the query names the network)
   * and the caller must be a member of it (else 404); `account`: any authenticated caller;
   * `public`: no token (OAuth endpoints, health).
   */
  readonly scope: 'network' | 'account' | 'public';
  /**
   * For a `network` route whose path has no `{networkEID}`: the query parameter naming the network
   * (an EID); when it is absent the gateway takes the caller's oldest membership.
   */
  readonly networkQuery?: string;
  /** Permission the caller needs in the network (checked by the owning service). */
  readonly permission?: string;
  readonly params?: TObject;
  readonly query?: TObject;
  readonly body?: TSchema | VersionedSchema;
  readonly bodyMediaType?:
    | 'application/json'
    | 'application/x-www-form-urlencoded'
    // Files and folders: the streamed upload.
    | 'multipart/form-data';
  /**
   * `hal`: a HAL resource in the negotiated media type; `oauth`: plain JSON, RFC 6749 errors;
   * `html`: a browser page (`{ html }` or `{ redirect }` from the service), errors as HTML pages;
   * `csv`: a download (`{ csv, filename }` from the service, `text/csv`), errors as problem+json.
   * `stream` (the live stream): Server-Sent Events the gateway keeps open once the owner
   * answered, `text/event-stream` in every version; errors before it opens as problem+json.
   */
  readonly format:
    | 'hal'
    | 'oauth'
    | 'html'
    | 'csv'
    | 'stream'
    // Files and folders: `upload` takes a multipart body the gateway streams to the
    // owner after its first answer, then answers HAL; `file` streams a file's bytes (Range, ETag).
    | 'upload'
    | 'file'
    // Directory (branding): `asset` sends the owner's `{ content }` as is, in the
    // route's `produces` media type, with a strong `ETag` of the content (304 on a match).
    | 'asset';
  /** Directory (branding): the media type of an `asset` route's answer. */
  readonly produces?: 'image/svg+xml' | 'text/css';
  /**
   * The success answer. `alsoStatus`: other success statuses the handler may choose with the same
   * body (e.g. 200 when an idempotent create found the thing already there); documented too.
   */
  readonly reply: {
    readonly status: number;
    readonly schema: TSchema;
    readonly alsoStatus?: readonly number[];
  };
  /** Relations a client may ask for with `embed=`. */
  readonly embeddable?: readonly string[];
  /**
   * The route checks a person's password (token endpoint, sign-in form): the gateway limits it per
   * client address more strictly and passes that address in `ctx.clientAddress`.
   */
  readonly passwordSignIn?: true;
  /** Versions in which the route exists; absent means all. */
  readonly versions?: VersionRange;
  /**
   * Idempotent posting: the route honours an `Idempotency-Key` header (the gateway passes it as
   * `ctx.idempotencyKey`; the owner answers a replay with the first answer).
   */
  readonly idempotencyKey?: true;
  /**
   * A resource the gateway assembles: it asks the route's own subject (the owner, which checks
   * access and answers the resource) and every part in parallel, and copies each part's `fields`
   * into the owner's reply. A part that is unavailable (no responder, timeout) gives `null` for its
   * fields; when every part is unavailable the answer is 503; any other error is answered as is.
   */
  readonly assembledFrom?: readonly AssemblyPart[];
  // Polls: paths without a network, such as `/polls/{pollEID}/…`.
  /**
   * For a `network` route whose path names no network: the network is that of the path's resource.
   * The gateway asks the owner's internal `subject` (body `{ EID }`, the path parameter `param`;
   * reply `{ networkEID }`, null for no such resource), then scopes the request as if the path named
   * that network (membership from the token, 404 otherwise). An unknown resource and a network the
   * caller is not in answer the same error, `notFound` (a name of the error catalogue).
   */
  readonly networkFrom?: NetworkFromResource;
  /**
   * The spec's network-less form of the scoped route with this id (`withoutNetwork`): served by
   * that route's handler; the network comes from `networkQuery` (an EID or a subdomain), else the
   * token's one network, else the request is 400. Not a route of the owner's handler map.
   */
  readonly networklessOf?: string;
  // Scale-out.
  /**
   * A POST that may be sent twice with the effect of once (a read over POST, a set-to-a-state
   * action): the gateway retries it after a timeout like a GET (request-path/retry.ts).
   */
  readonly idempotent?: true;
}

/** Polls. Where a network-less route's network comes from (`RouteDefinition.networkFrom`). */
export interface NetworkFromResource {
  readonly subject: string;
  readonly param: string;
  readonly notFound: string;
}

/** One owner of some fields of a gateway-assembled resource (an internal subject, not a route). */
export interface AssemblyPart {
  readonly service: ServiceName;
  readonly subject: string;
  readonly fields: readonly string[];
}

export function isVersionedSchema(schema: TSchema | VersionedSchema): schema is VersionedSchema {
  return 'variants' in schema && Array.isArray((schema as VersionedSchema).variants);
}

const requiringNothing = new WeakMap<object, boolean>();

/**
 * Whether a request body names no required field in any of its versions: an object schema without
 * `required`, `minProperties` or a composite rule. Such a body may be left out (the gateway reads none as `{}`), and
 * the OpenAPI document says the body is optional.
 */
export function bodyRequiresNothing(body: TSchema | VersionedSchema): boolean {
  let known = requiringNothing.get(body);
  if (known === undefined) {
    const schemas = isVersionedSchema(body) ? body.variants.map((variant) => variant.schema) : [body];
    known = schemas.every((schema) => {
      const { type, required, minProperties } = schema as {
        type?: unknown;
        required?: unknown[];
        minProperties?: number;
      };
      // A composite rule (`oneOf`: one of two fields) may require what `required` does not list.
      const composite = ['oneOf', 'anyOf', 'allOf', 'not'].some((keyword) => keyword in schema);
      return type === 'object' && (required ?? []).length === 0 && (minProperties ?? 0) === 0 && !composite;
    });
    requiringNothing.set(body, known);
  }
  return known;
}

/** What a route is declared with: its subject may be left to be derived from its id. */
export type RouteInput = Omit<RouteDefinition, 'subject'> & { readonly subject?: string };

/**
 * A route with its subject derived from its id: `<service>.<resource>.<action>`. The definition's
 * literal types are kept (id, service, schemas), so a handler map can be checked against the table
 * and a handler's request typed from the route's schemas (`RouteRequest`).
 */
export function route<const D extends RouteInput>(def: D): D & { readonly subject: string } {
  const [resource, action] = def.id.split('.') as [string, string];
  return { ...def, subject: def.subject ?? rpcSubject(def.service, resource, action) };
}

/** The path parameters of a route as validated by the gateway. */
export type ParamsOf<R> = R extends { readonly params: infer P extends TSchema }
  ? Static<P>
  : Record<string, never>;

/**
 * The query of a route as validated by the gateway (types coerced, defaults applied: `limit` and
 * `offset` of a paginated route are always present, see `pagination.ts`).
 */
export type QueryOf<R> = R extends { readonly query: infer Q extends TSchema }
  ? WithPageDefaults<Static<Q>>
  : Record<string, never>;

/** `limit` and `offset` have schema defaults (`PageLimit`, `PageOffset`): never absent after validation. */
type WithPageDefaults<Q> = Omit<Q, 'limit' | 'offset'> &
  ('limit' extends keyof Q ? { readonly limit: number } : unknown) &
  ('offset' extends keyof Q ? { readonly offset: number } : unknown);

/** The body of a route as validated by the gateway: any of its versions' variants. */
export type BodyOf<R> = R extends { readonly body: infer B }
  ? B extends { readonly variants: readonly { readonly schema: infer S extends TSchema }[] }
    ? Static<S>
    : B extends TSchema
      ? Static<B>
      : never
  : null;

/** What the owning service's handler of route `R` receives (the envelope of ARCHITECTURE §6, typed). */
export interface RouteRequest<R> {
  readonly ctx: RequestContext;
  readonly params: ParamsOf<R>;
  readonly query: QueryOf<R>;
  readonly body: BodyOf<R>;
}

/** Bounds of `embed=`: relations nested at most `maxDepth` deep, at most `maxPaths` of them. */
export const embedLimits = { maxDepth: 3, maxPaths: 16 } as const;

/**
 * The `embed` query parameter of a route: a comma-separated list of its embeddable relations, as a
 * pattern, so the OpenAPI document accepts exactly what the gateway does.
 */
export function embedQuery(relations: readonly string[]) {
  const one = `(${relations.join('|')})`;
  return Type.Object({
    embed: Type.Optional(
      Type.String({
        pattern: `^${one}(,${one}){0,${embedLimits.maxPaths - 1}}$`,
        maxLength: 500,
        description: `Relations to embed under \`_embedded\`, comma-separated: ${relations.join(', ')}`,
      }),
    ),
  });
}
