/**
 * `sync-user` and `resolvelocation` (spec: "Other endpoints named without
 * paths"). An app with `get_profile_xid` (or a network administrator) creates or updates a profile
 * by its XID; `resolvelocation` turns a free-text location into a normalised `{name, countryCode}`
 * from a small closed table (no external calls). docs/decisions.md, "Directory: network operations".
 */
import { Type } from '@sinclair/typebox';
import { route, type RouteDefinition } from '../core/route-definition.js';
import { halResource, NetworkParams, Nullable, strictObject } from '../core/schemas.js';
import { Name, NameOrEmpty, Text } from '../core/text-hygiene.js';
import { ProfileResource } from './resources.js';

/** An external id, as the XID routes take it (`/users/xid/{xid}/`). */
const SyncXid = Type.String({ minLength: 1, maxLength: 255, pattern: '^[A-Za-z0-9._:@-]+$' });

export const SyncUserBody = strictObject({
  XID: SyncXid,
  firstName: Name({ maxLength: 100 }),
  lastName: Name({ maxLength: 100 }),
  jobTitle: Type.Optional(NameOrEmpty({ maxLength: 200 })),
  email: Type.Optional(
    Type.String({
      maxLength: 254,
      pattern: '^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}$',
      description: 'the sign-in address of a new account (or of an existing one to add)',
    }),
  ),
  username: Type.Optional(
    Type.String({
      pattern: '^[a-z0-9._-]{3,64}$',
      description: 'the sign-in name of a new emailless account (when no `email` is given)',
    }),
  ),
});

export const ResolveLocationQuery = strictObject({
  q: Text({ minLength: 1, maxLength: 200, description: 'a free-text location, e.g. `Amsterdam, NL`' }),
});

export const ResolvedLocationResource = halResource(
  'resolved_location',
  {
    query: Type.String(),
    location: Nullable(
      Type.Object({
        name: Type.String({ description: 'the normalised name' }),
        countryCode: Nullable(Type.String({ description: 'ISO 3166-1 alpha-2' })),
        kind: Type.Union([Type.Literal('city'), Type.Literal('country')]),
      }),
    ),
  },
  'A free-text location resolved against a small closed table (null: not known)',
);

const common = { service: 'auth', tag: 'Network and sessions', scope: 'network', format: 'hal' } as const;

export const directorySyncRoutes = [
  route({
    ...common,
    id: 'syncUser.sync',
    method: 'POST',
    path: '/networks/{networkEID}/sync-user',
    summary:
      'Create or update a profile by its XID (apps with `get_profile_xid`, administrators): 201 when created, 200 when updated',
    params: NetworkParams,
    query: strictObject({}),
    body: SyncUserBody,
    reply: { status: 201, schema: ProfileResource, alsoStatus: [200] },
  }),
  route({
    ...common,
    id: 'location.resolve',
    method: 'GET',
    path: '/networks/{networkEID}/resolve-location/',
    summary: 'Resolve a free-text location to a normalised name and country code (members, installed apps)',
    params: NetworkParams,
    query: ResolveLocationQuery,
    reply: { status: 200, schema: ResolvedLocationResource },
  }),
] as const satisfies readonly RouteDefinition[];
