/**
 * What the auth routes receive, typed from the route table's schemas (`@ncs/contracts`, through
 * service-kit's `RequestOf`): the gateway validated every request against them before it reached
 * NATS (ARCHITECTURE §5), so the areas' functions take these types rather than `unknown`.
 */
import type { RouteIdOf, RoutesOf } from '@ncs/contracts';
import type { RequestOf } from '@ncs/service-kit';

/** The auth route with id `Id`, with its literal types. */
export type AuthRoute<Id extends RouteIdOf<'auth'>> = Extract<RoutesOf<'auth'>, { readonly id: Id }>;

/** The validated body of route `Id`. */
export type RouteBody<Id extends RouteIdOf<'auth'>> = RequestOf<Id>['body'];

/** The validated query of route `Id` (`limit` and `offset` present on a paginated route). */
export type RouteQuery<Id extends RouteIdOf<'auth'>> = RequestOf<Id>['query'];
