/**
 * The handler of `whoami.get` (a core route of a network's entry points, outside
 * `directoryRoutes`): a person's networks and profiles from the directory, with their alert
 * counters asked of notifications; an app's installations for an app token. A constant: the
 * conformance test lists it without a database.
 */
import type { RouteHandler } from '@ncs/service-kit';
import { isAppCaller } from '../core/app-callers.js';
import type { AuthRoute } from '../core/requests.js';
import { presentWhoami } from '../directory/networks.js';
import { withAlertCounters } from './alert-counters.js';
import { presentAppWhoami } from './app-whoami.js';
import type { WhoamiDependencies } from './dependencies.js';

// Notifications (alerts): the `_user` alert counters are asked of notifications.
const whoamiHandler: RouteHandler<AuthRoute<'whoami.get'>, WhoamiDependencies> = async (
  { ctx },
  { models, rpc },
) =>
  isAppCaller(ctx)
    ? presentAppWhoami(models, ctx)
    : withAlertCounters(rpc, ctx, await presentWhoami(models, ctx));

export const whoamiHandlers = { 'whoami.get': whoamiHandler };
