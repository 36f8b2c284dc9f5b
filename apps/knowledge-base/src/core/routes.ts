/** The knowledge base's routes of one resource, for the handler map of the area that serves it. */
import { kbRoutes } from '@ncs/contracts';

type KbRoute = (typeof kbRoutes)[number];

/** The kb routes whose id starts with `<resource>.` (`category.` leaves out `categoryManager.`). */
export function kbRoutesOf<const Resource extends string>(
  resource: Resource,
): Extract<KbRoute, { readonly id: `${Resource}.${string}` }>[] {
  return kbRoutes.filter((route): route is Extract<KbRoute, { readonly id: `${Resource}.${string}` }> =>
    route.id.startsWith(`${resource}.`),
  );
}
