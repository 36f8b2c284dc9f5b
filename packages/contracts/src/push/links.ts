/** HAL link relations of devices, push debug and white-label apps (spread into `linkRelations`, links.ts). */
import type { LinkRelations } from '../core/links.js';

export const pushLinkRelations: LinkRelations = {
  device: [{ rel: 'myDevices', href: '/networks/{networkEID}/my-devices/' }],
  push_debug: [{ rel: 'myDevices', href: '/networks/{networkEID}/my-devices/' }],
  whitelabel_app: [
    { rel: 'self', href: '/networks/{networkEID}/whitelabel-apps/{EID}/' },
    { rel: 'whitelabelApps', href: '/networks/{networkEID}/whitelabel-apps/' },
  ],
};
