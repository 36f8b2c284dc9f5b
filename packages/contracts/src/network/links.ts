/**
 * HAL link relations of the network entry points (aggregate, whoami), as data (spread into
 * `linkRelations`, links.ts).
 */
import type { LinkRelations } from '../core/links.js';

export const networkLinkRelations: LinkRelations = {
  aggregate: [
    { rel: 'self', href: '/networks/{networkEID}/aggregate/' },
    { rel: 'newFeatures', href: '/networks/{networkEID}/users/{me}/new-features/' },
    { rel: 'whoami', href: '/whoami/' },
    { rel: 'networkProfile', href: '/networks/{networkEID}/users/{me}/' },
    { rel: 'settings', href: '/networks/{networkEID}/users/{me}/settings/' },
    { rel: 'networkTimeline', href: '/networks/{networkEID}/timeline/' },
    { rel: 'unreadConversations', href: '/networks/{networkEID}/conversations/?unread=true' },
    { rel: 'myGroups', href: '/networks/{networkEID}/groups/?user={me}' },
    { rel: 'groupInvites', href: '/networks/{networkEID}/groups/?invitee={me}' },
    { rel: 'administeredGroups', href: '/networks/{networkEID}/groups/?admin={me}' },
    { rel: 'groupTypes', href: '/networks/{networkEID}/group-types/' },
    { rel: 'apps', href: '/networks/{networkEID}/apps/' },
    { rel: 'widgets', href: '/networks/{networkEID}/widgets/' },
    // Beyond the spec: the caller's live stream (Server-Sent Events), in every version: a new
    // relation breaks no client that does not know it.
    { rel: 'liveStream', href: '/networks/{networkEID}/stream' },
    // Beyond the spec: the caller's saved items (personal bookmarks), newest first.
    { rel: 'savedItems', href: '/networks/{networkEID}/saved-items/' },
  ],
  whoami: [{ rel: 'self', href: '/whoami/' }],
};
