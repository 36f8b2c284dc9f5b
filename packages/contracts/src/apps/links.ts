/**
 * HAL link relations of the apps resource types, as data (spread into `linkRelations`, links.ts).
 */
import type { LinkRelations } from '../core/links.js';

export const appsLinkRelations: LinkRelations = {
  app_manifest: [
    { rel: 'self', href: '/apps/{EID}/' },
    { rel: 'signingSecret', href: '/apps/{EID}/signing-secret' },
  ],
  app_signing_secret: [{ rel: 'app', href: '/apps/{app.EID}/' }],
  app: [
    { rel: 'self', href: '/networks/{network.EID}/apps/{EID}/' },
    { rel: 'signRequest', href: '/networks/{network.EID}/apps/{EID}/signrequest' },
    { rel: 'network', href: '/networks/{network.EID}/' },
  ],
  signed_request: [{ rel: 'app', href: '/networks/{network.EID}/apps/{app.EID}/' }],
  authorized_app: [
    { rel: 'self', href: '/networks/{network.EID}/authorized-apps/{EID}/' },
    { rel: 'network', href: '/networks/{network.EID}/' },
  ],
};
