/**
 * Resources of the network entry points: the aggregate of a network and the caller (`/whoami/`).
 */
import { Type } from '@sinclair/typebox';
import { Eid, HalEmbedded, HalLinks, halResource, Ref } from '../core/schemas.js';

/** No properties at all since v1.0.18, not even `type` (see `bareResourceTypes`): only `_links`. */
export const AggregateResource = Type.Object(
  { _links: HalLinks, _embedded: HalEmbedded },
  {
    description:
      'Empty resource with the entry-point relations of a network (v1.0.18 on); earlier versions embed the network.',
    $id: 'resource.aggregate',
  },
);

export const WhoamiNetwork = Type.Object({
  type: Type.Literal('network'),
  EID: Eid,
  name: Type.String(),
  subdomain: Type.String(),
  /** Absent for an app token: an app has no profile in the network. */
  _user: Type.Optional(
    Type.Object({
      profile: Ref('user'),
      role: Type.String(),
      numNonActionRequiredAlertsCoalesced: Type.Integer(),
      numActionRequiredAlerts: Type.Integer(),
      // `accept_terms` stands here until the current terms are accepted.
      accessPreconditions: Type.Optional(Type.Array(Type.String())),
    }),
  ),
});
export const WhoamiResource = halResource(
  'whoami',
  {
    EID: Eid,
    email: Type.Union([Type.String(), Type.Null()], { description: 'null for an account without e-mail' }),
    fullName: Type.String({ description: "the app's name for an app token" }),
    app: Type.Optional(Ref('app')),
    networks: Type.Array(WhoamiNetwork),
  },
  'The caller: account identity and the networks it belongs to, each with `_user` counters; for an app token (application permission `list_networks`), the app and the networks it is installed in, without `_user`.',
);
