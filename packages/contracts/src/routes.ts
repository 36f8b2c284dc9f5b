/**
 * The route table: the one source of truth for the gateway's routing and validation, the services'
 * handler registration, the OpenAPI document and the conformance tests (ARCHITECTURE §4).
 */
import { Type, type TObject, type TSchema } from '@sinclair/typebox';
import type { ServiceName } from './envelope.js';
import {
  AccessTokenResponse,
  AggregateResource,
  Eid,
  NetworkResource,
  ProfileCollection,
  ProfileResource,
  TokenRequestBody,
  WhoamiResource,
} from './resources.js';
import { PaginationQuery } from './pagination.js';
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
   * `network`: the path holds `{networkEID}` and the caller must be a member of it (else 404);
   * `account`: any authenticated caller; `public`: no token (OAuth endpoints, health).
   */
  readonly scope: 'network' | 'account' | 'public';
  /** Permission the caller needs in the network (checked by the owning service). */
  readonly permission?: string;
  readonly params?: TObject;
  readonly query?: TObject;
  readonly body?: TSchema | VersionedSchema;
  readonly bodyMediaType?: 'application/json' | 'application/x-www-form-urlencoded';
  /** `hal`: a HAL resource in the negotiated media type; `oauth`: plain JSON, RFC 6749 errors. */
  readonly format: 'hal' | 'oauth';
  readonly reply: { readonly status: number; readonly schema: TSchema };
  /** Relations a client may ask for with `embed=`. */
  readonly embeddable?: readonly string[];
  /** Versions in which the route exists; absent means all. */
  readonly versions?: VersionRange;
}

export function isVersionedSchema(schema: TSchema | VersionedSchema): schema is VersionedSchema {
  return 'variants' in schema && Array.isArray((schema as VersionedSchema).variants);
}

const NetworkParams = Type.Object({ networkEID: Eid }, { additionalProperties: false });
const ProfileParams = Type.Object({ networkEID: Eid, profileEID: Eid }, { additionalProperties: false });
/** `embed=a,b.c`: relations to embed under `_embedded` (each must be one of the route's `embeddable`). */
const EmbedQuery = Type.Object({ embed: Type.Optional(Type.String({ maxLength: 500 })) });
const PagedEmbedQuery = Type.Object({ ...PaginationQuery.properties, ...EmbedQuery.properties });

function route(def: Omit<RouteDefinition, 'subject'> & { subject?: string }): RouteDefinition {
  const [resource, action] = def.id.split('.') as [string, string];
  return { ...def, subject: def.subject ?? rpcSubject(def.service, resource, action) };
}

export const routes: readonly RouteDefinition[] = [
  route({
    id: 'oauth.token',
    method: 'POST',
    path: '/oauth/v2/token',
    service: 'auth',
    summary: 'OAuth 2.0 token endpoint (password, refresh_token grants)',
    tag: 'Authentication',
    scope: 'public',
    format: 'oauth',
    bodyMediaType: 'application/x-www-form-urlencoded',
    body: TokenRequestBody,
    reply: { status: 200, schema: AccessTokenResponse },
  }),
  route({
    id: 'network.get',
    method: 'GET',
    path: '/networks/{networkEID}/',
    service: 'auth',
    summary: 'Read a network',
    tag: 'Network and sessions',
    scope: 'network',
    format: 'hal',
    params: NetworkParams,
    reply: { status: 200, schema: NetworkResource },
  }),
  route({
    id: 'aggregate.get',
    method: 'GET',
    path: '/networks/{networkEID}/aggregate/',
    service: 'auth',
    summary: "Entry point of a network: the caller's relations (embeds the network before v1.0.18)",
    tag: 'Network and sessions',
    scope: 'network',
    format: 'hal',
    params: NetworkParams,
    reply: { status: 200, schema: AggregateResource },
  }),
  route({
    id: 'profile.list',
    method: 'GET',
    path: '/networks/{networkEID}/users/',
    service: 'auth',
    summary: 'Active profiles of the network, a page at a time (`embed=network`)',
    tag: 'Network and sessions',
    scope: 'network',
    format: 'hal',
    params: NetworkParams,
    query: PagedEmbedQuery,
    embeddable: ['network'],
    reply: { status: 200, schema: ProfileCollection },
  }),
  route({
    id: 'profile.get',
    method: 'GET',
    path: '/networks/{networkEID}/users/{profileEID}/',
    service: 'auth',
    summary: "A user's profile in the network (`embed=network` embeds the network)",
    tag: 'Network and sessions',
    scope: 'network',
    format: 'hal',
    params: ProfileParams,
    query: EmbedQuery,
    embeddable: ['network'],
    reply: { status: 200, schema: ProfileResource },
  }),
  route({
    id: 'whoami.get',
    method: 'GET',
    path: '/whoami/',
    service: 'auth',
    summary: 'The caller: identity and networks with `_user` counters',
    tag: 'Network and sessions',
    scope: 'account',
    format: 'hal',
    reply: { status: 200, schema: WhoamiResource },
  }),
];

export function findRoute(id: string): RouteDefinition {
  const found = routes.find((r) => r.id === id);
  if (!found) throw new Error(`no route ${id} in the route table`);
  return found;
}

export function routesOf(service: ServiceName): readonly RouteDefinition[] {
  return routes.filter((r) => r.service === service);
}
