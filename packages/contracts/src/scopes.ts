/**
 * OAuth scopes and the routes they grant (spec: Authorisation-code flow). A token issued with a
 * scope may call only the routes its scopes grant; tokens without a scope (first-party password
 * grants, app tokens) are not restricted by this table.
 */

/** `profile.basic.read`: EID, name, avatar, job title and preferred language of the user. */
export const scopeGrants: Readonly<Record<string, readonly string[]>> = {
  'profile.basic.read': [
    'whoami.get',
    'network.get',
    'profile.get',
    // Directory: a token may read its own status.
    'tokenStatus.get',
  ],
};

export const supportedScopes: readonly string[] = Object.keys(scopeGrants);

/** The scopes that grant the route `routeId`. */
export function scopesGranting(routeId: string): readonly string[] {
  return supportedScopes.filter((scope) => scopeGrants[scope]?.includes(routeId));
}

/** Whether a token with `scopes` (absent: unrestricted) may call the route `routeId`. */
export function scopesGrantRoute(scopes: readonly string[] | undefined, routeId: string): boolean {
  if (scopes === undefined) return true;
  return scopes.some((scope) => scopeGrants[scope]?.includes(routeId) ?? false);
}
