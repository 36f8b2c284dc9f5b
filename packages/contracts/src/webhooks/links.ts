/**
 * HAL link relations of an app's webhook in a network (spread into `linkRelations`, links.ts): from
 * the endpoint to its secret and delivery log, from a delivery back to its endpoint. `enable` and
 * `redeliver` are actions (a POST), linked whatever the state: enabling an enabled endpoint is a
 * no-op, and a redelivery is always allowed.
 */
import type { LinkRelations } from '../core/links.js';

const BASE = '/networks/{networkEID}/apps/{app.EID}/webhook';

export const webhooksLinkRelations: LinkRelations = {
  webhook_endpoint: [
    { rel: 'self', href: BASE },
    { rel: 'secret', href: `${BASE}/secret` },
    { rel: 'deliveries', href: `${BASE}/deliveries/` },
    { rel: 'enable', href: `${BASE}/enable` },
  ],
  webhook_secret: [
    { rel: 'self', href: `${BASE}/secret` },
    { rel: 'endpoint', href: BASE },
  ],
  webhook_delivery: [
    { rel: 'self', href: `${BASE}/deliveries/{EID}` },
    { rel: 'endpoint', href: BASE },
    { rel: 'redeliver', href: `${BASE}/deliveries/{EID}/redeliver` },
  ],
};
