/**
 * The spec writes some routes without a network (`/my-devices/`, `/alerts/markread`, …) that are
 * served per network under `/networks/{networkEID}/…`. `withoutNetwork` derives the spec's form
 * from the scoped route: same owner, subject, schemas and handler, one definition for both paths.
 * The gateway finds the network from the `network` query parameter (an EID or a subdomain), else
 * the token's one network (a code-flow token), else answers 400 naming `/query/network`.
 */
import { Type, type TObject } from '@sinclair/typebox';
import type { RouteDefinition } from './route-definition.js';

const NETWORK_PREFIX = '/networks/{networkEID}';

/** The query parameter naming the network of a network-less route. */
export const NETWORK_QUERY = 'network';

const NetworkQueryValue = Type.String({
  pattern: '^[A-Za-z0-9-]+$',
  maxLength: 100,
  description:
    'The network, by EID or subdomain; may be left out when the token acts in one network (code flow). A network the caller is not a member of is 404',
});

/** A network-less route: `networklessOf` is the id of the scoped route it is served by. */
export type NetworklessRoute<R extends RouteDefinition = RouteDefinition> = Omit<
  R,
  'id' | 'path' | 'params' | 'query'
> & {
  readonly id: `${R['id']}WithoutNetwork`;
  readonly path: string;
  readonly params?: TObject;
  readonly query: TObject;
  readonly networkQuery: typeof NETWORK_QUERY;
  readonly networklessOf: R['id'];
};

/** The spec's network-less form of a `/networks/{networkEID}/…` route. */
export function withoutNetwork<const R extends RouteDefinition>(scoped: R): NetworklessRoute<R> {
  if (!scoped.path.startsWith(`${NETWORK_PREFIX}/`) || scoped.scope !== 'network') {
    throw new Error(`route ${scoped.id} is not under ${NETWORK_PREFIX}/`);
  }
  const { params, query, ...shared } = scoped;
  const { networkEID: _networkEID, ...pathParams } = params?.properties ?? {};
  if (query && NETWORK_QUERY in query.properties) {
    throw new Error(`route ${scoped.id} already has a query parameter ${NETWORK_QUERY}`);
  }
  const additional = query?.additionalProperties;
  return {
    ...shared,
    id: `${scoped.id}WithoutNetwork`,
    path: scoped.path.slice(NETWORK_PREFIX.length),
    ...(Object.keys(pathParams).length > 0
      ? { params: Type.Object(pathParams, { additionalProperties: false }) }
      : {}),
    query: Type.Object(
      { ...query?.properties, [NETWORK_QUERY]: Type.Optional(NetworkQueryValue) },
      additional === undefined ? {} : { additionalProperties: additional },
    ),
    networkQuery: NETWORK_QUERY,
    networklessOf: scoped.id,
  } as NetworklessRoute<R>;
}
