/**
 * HAL link relations of the directory resource types, as data (spread into `linkRelations`, links.ts).
 */
import type { LinkRelations } from '../core/links.js';
import type { VersionRange } from '../core/route-definition.js';

/** The spec lists these network relations as "later" without a version; we date them to the calendar scheme. */
const LATER_NETWORK_LINKS: VersionRange = { since: '2023.0.1' };

export const directoryLinkRelations: LinkRelations = {
  network: [
    { rel: 'self', href: '/networks/{EID}/' },
    { rel: 'emblem', href: '/networks/{EID}/files/{emblem.EID}/' },
    { rel: 'userProfile', href: '/networks/{EID}/users/{me}/' },
    // Affordances: a client walking from the entry point reaches the timeline from the network
    // (the aggregate's relation name).
    { rel: 'networkTimeline', href: '/networks/{EID}/timeline/' },
    { rel: 'favicon', href: '/networks/{EID}/files/{favicon.EID}/', versions: LATER_NETWORK_LINKS },
    { rel: 'hostInfo', href: '/networks/{EID}/host-info/', versions: LATER_NETWORK_LINKS },
    { rel: 'whitelabelApps', href: '/networks/{EID}/whitelabel-apps/', versions: LATER_NETWORK_LINKS },
    // Directory (branding): the style sheet of the network's default theme.
    { rel: 'branding', href: '/networks/{EID}/branding.css', versions: LATER_NETWORK_LINKS },
  ],
  user: [
    { rel: 'self', href: '/networks/{network.EID}/users/{EID}/' },
    { rel: 'network', href: '/networks/{network.EID}/' },
    // Messaging (timelines concern): the user's profile timeline.
    { rel: 'timeline', href: '/networks/{network.EID}/users/{EID}/timeline/' },
  ],
  role: [{ rel: 'collection', href: '/networks/{networkEID}/roles/' }],
  postable_types: [
    { rel: 'self', href: '/users/{user.EID}/postable-types' },
    { rel: 'user', href: '/networks/{network.EID}/users/{user.EID}/' },
  ],
  invitation: [
    { rel: 'self', href: '/networks/{network.EID}/invitations/{EID}/' },
    { rel: 'user', href: '/networks/{network.EID}/users/{user.EID}/' },
    { rel: 'invitedBy', href: '/networks/{network.EID}/users/{invitedBy.EID}/' },
  ],
};
