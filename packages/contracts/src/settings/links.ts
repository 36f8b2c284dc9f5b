/**
 * HAL link relations of the settings resource types, as data (spread into `linkRelations`, links.ts).
 */
import type { LinkRelations } from '../core/links.js';

export const settingsLinkRelations: LinkRelations = {
  menu: [{ rel: 'self', href: '/networks/{networkEID}/menu/?device={device}&version={version}' }],
  network_theme: [
    { rel: 'self', href: '/networks/{networkEID}/themes/{EID}/' },
    { rel: 'network', href: '/networks/{networkEID}/' },
  ],
  badge_counters: [{ rel: 'self', href: '/networks/{networkEID}/badgecounters/' }],
  lobby_data: [
    { rel: 'self', href: '/lobby/data?network={network.EID}' },
    { rel: 'network', href: '/networks/{network.EID}/' },
    { rel: 'menu', href: '/networks/{network.EID}/menu/' },
    { rel: 'widgets', href: '/networks/{network.EID}/widgets/' },
    { rel: 'badgeCounters', href: '/networks/{network.EID}/badgecounters/' },
  ],
};
