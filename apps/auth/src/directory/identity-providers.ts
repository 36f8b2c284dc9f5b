/**
 * The identity providers of a network's single sign-on (`sso.identityProviders`): the rules of
 * writing them and of choosing one for `GET /auth?idp=<id>`. Plain functions, tested directly.
 */
import { IDENTITY_PROVIDER_ID_PATTERN } from '@ncs/contracts';

export interface IdentityProvider {
  readonly id: string;
  readonly name: string;
  readonly loginUrl: string;
}

/** The part of a network's stored `sso` the choice reads (as the store types it: fields may be null). */
export interface SsoConfiguration {
  readonly enabled?: boolean | null;
  readonly identityProviders?:
    | readonly {
        readonly id?: string | null;
        readonly loginUrl?: string | null;
      }[]
    | null;
}

const providerId = new RegExp(IDENTITY_PROVIDER_ID_PATTERN);

/** The index of the first provider whose id an earlier one already has, or -1. */
export function repeatedIdentityProviderId(providers: readonly Pick<IdentityProvider, 'id'>[]): number {
  const seen = new Set<string>();
  for (const [index, { id }] of providers.entries()) {
    if (seen.has(id)) return index;
    seen.add(id);
  }
  return -1;
}

export type IdentityProviderChoice =
  | { readonly loginUrl: string }
  | { readonly refused: 'malformed' | 'no-network' | 'sso-disabled' | 'unknown' };

/**
 * Where `idp=<id>` leads: only the `loginUrl` an administrator configured for that id in this
 * network; nothing of the request goes into it.
 */
export function chooseIdentityProvider(
  network: { readonly sso?: SsoConfiguration | null } | null,
  id: string,
): IdentityProviderChoice {
  if (!providerId.test(id)) return { refused: 'malformed' };
  if (!network) return { refused: 'no-network' };
  const sso = network.sso;
  if (!sso?.enabled) return { refused: 'sso-disabled' };
  const loginUrl = (sso.identityProviders ?? []).find((candidate) => candidate.id === id)?.loginUrl;
  return loginUrl ? { loginUrl } : { refused: 'unknown' };
}
