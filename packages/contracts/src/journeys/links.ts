/** HAL link relations of journeys (spread into `linkRelations`, links.ts). */
import type { LinkRelations } from '../core/links.js';

const JOURNEY = '/networks/{networkEID}/journeys/{EID}';

export const journeysLinkRelations: LinkRelations = {
  journey: [
    { rel: 'self', href: JOURNEY },
    { rel: 'launch', href: `${JOURNEY}/launch` },
    { rel: 'questions', href: `${JOURNEY}/questions/` },
    { rel: 'participants', href: `${JOURNEY}/participants/` },
  ],
  journey_participant: [
    { rel: 'user', href: '/networks/{networkEID}/users/{user.EID}/' },
    { rel: 'journey', href: '/networks/{networkEID}/journeys/{journey.EID}' },
  ],
  journey_submission: [{ rel: 'journey', href: '/networks/{networkEID}/journeys/{journey.EID}' }],
};
