/**
 * The authorization endpoint (RFC 6749 §4.1.1–§4.1.2): `GET /auth` validates the request and shows
 * the sign-in page; `POST /auth` signs in, then accepts or declines. A redirect only ever goes to
 * a `redirect_uri` listed for the client, compared as exact strings, or (`idp=`) to a login URL the
 * network's administrators configured; anything wrong before that is an HTML error page. Each page
 * carries a single-use form token (stored hashed, replaced at every step), which is the CSRF
 * protection: no cookies.
 */
import { randomUUID } from 'node:crypto';
import { DomainError, type RequestContext, isEid } from '@ncs/contracts';
import { appMayActIn } from '../apps/access.js';
import { recordGrant } from '../apps/grants.js';
import { networkParametersFor } from '../apps/sso.js';
import { chooseIdentityProvider } from '../directory/identity-providers.js';
import type { NetworkDoc } from '../core/models.js';
import type { OAuthStore } from './dependencies.js';
import type { RouteBody, RouteQuery } from '../core/requests.js';
import { consentPage, loginPage, type PageContext } from './authorization-page.js';
import { AUTHORIZATION_CODE_TTL_SECONDS, SUPPORTED_SCOPES } from './grants.js';
import type { ClientDoc } from '../core/client-models.js';
import type { AuthorizationRequestDoc } from './models.js';
import type { PasswordChecker } from './password-sign-in.js';
import { newOpaqueToken, sha256 } from '../core/secrets.js';
import { SIGN_IN_LOCKED_MESSAGE, SignInLockedError } from './sign-in-throttle.js';

export const FORM_TTL_SECONDS = 600;
export const MAX_FAILED_SIGN_INS = 5;

export type PageReply =
  { readonly html: string; readonly formTargets?: readonly string[] } | { readonly redirect: string };

/** `GET /auth`'s query (RFC 6749 §4.1.1, RFC 7636): what is missing or wrong is judged here. */
export type AuthorizationQuery = RouteQuery<'oauth.authorize'>;

/** The form posted by the authorization page. */
export type AuthorizationForm = RouteBody<'oauth.consent'>;

/** `redirect_uri` with the response parameters added (its own query is kept). */
export function redirectWith(redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) url.searchParams.set(name, value);
  }
  return url.toString();
}

export async function startAuthorization(
  models: OAuthStore,
  query: AuthorizationQuery,
  ctx: RequestContext,
): Promise<PageReply> {
  const client = query.client_id ? await models.Client.findOne({ clientId: query.client_id }).lean() : null;
  if (!client) throw new DomainError('OAUTH_UNKNOWN_CLIENT');
  const redirectUri = query.redirect_uri;
  // Exact string comparison (RFC 6749 §3.1.2.3, OAuth 2.0 Security BCP §4.1.3): no normalisation.
  if (!redirectUri || !client.redirectUris.includes(redirectUri)) {
    throw new DomainError('OAUTH_INVALID_REDIRECT_URI');
  }
  const state = query.state;
  const fail = (error: string, description: string): PageReply => ({
    redirect: redirectWith(redirectUri, { error, error_description: description, state }),
  });
  if (!client.grantTypes.includes('authorization_code')) {
    return fail('unauthorized_client', 'This client may not use the authorization-code flow.');
  }
  if (query.response_type !== undefined && query.response_type !== 'code') {
    return fail('unsupported_response_type', 'Only response_type=code is supported.');
  }
  if (!state) return fail('invalid_request', 'state is required.');
  const scopes = [...new Set((query.scope ?? '').split(' ').filter(Boolean))];
  if (scopes.length === 0) return fail('invalid_request', 'scope is required.');
  const unknown = scopes.filter((scope) => !SUPPORTED_SCOPES.includes(scope));
  if (unknown.length > 0) return fail('invalid_scope', `Unknown scope: ${unknown.join(' ')}.`);
  if (query.code_challenge === undefined && query.code_challenge_method !== undefined) {
    return fail('invalid_request', 'code_challenge_method was sent without code_challenge.');
  }
  if (query.code_challenge !== undefined) {
    if (query.code_challenge_method !== 'S256') {
      return fail('invalid_request', 'code_challenge_method must be S256.');
    }
    if (!/^[A-Za-z0-9_-]{43}$/.test(query.code_challenge)) {
      return fail('invalid_request', 'code_challenge must be a base64url SHA-256 (43 characters).');
    }
  }
  const network = await chosenNetwork(models, query.network ?? subdomainOf(ctx.host));
  if (!network) {
    // Whoever asked for a provider learns why none is used, rather than being sent back to the app.
    if (query.idp !== undefined) return identityProviderRedirect(null, query.idp);
    return fail('invalid_request', 'The network is unknown (give network=<subdomain>).');
  }
  // An app signs users in only where it is installed (first-party clients everywhere).
  if (!(await appMayActIn(models, client, String(network._id)))) {
    return fail('access_denied', 'The app is not installed in this network.');
  }
  // Spec: `idp` redirects at once to that identity provider. Only once the whole request is valid
  // (client, redirect_uri, then the rest), so nobody can use the page as a redirector, and only to
  // the loginUrl the network's administrators configured for that id: nothing of the request.
  if (query.idp !== undefined) return identityProviderRedirect(network, query.idp);

  const formToken = newOpaqueToken();
  await models.AuthorizationRequest.create({
    formTokenHash: sha256(formToken),
    stage: 'login',
    clientId: client.clientId,
    redirectUri,
    scope: scopes.join(' '),
    state,
    networkEID: String(network._id),
    codeChallenge: query.code_challenge ?? null,
    expiresAt: new Date(Date.now() + FORM_TTL_SECONDS * 1000),
  });
  return {
    html: loginPage(pageContext(ctx, formToken, client, network, scopes)),
    formTargets: [redirectUri],
  };
}

export async function submitAuthorizationForm(
  models: OAuthStore,
  form: AuthorizationForm,
  ctx: RequestContext,
  checkPassword: PasswordChecker,
): Promise<PageReply> {
  const current = await models.AuthorizationRequest.findOne({
    formTokenHash: sha256(form.form_token),
    stage: { $ne: 'done' },
    expiresAt: { $gt: new Date() },
  }).lean<AuthorizationRequestDoc>();
  if (!current) throw new DomainError('OAUTH_FORM_EXPIRED');
  const [client, network] = await Promise.all([
    models.Client.findOne({ clientId: current.clientId }).lean<ClientDoc>(),
    models.Network.findById(current.networkEID).lean<NetworkDoc>(),
  ]);
  if (!client || !client.redirectUris.includes(current.redirectUri)) {
    throw new DomainError('OAUTH_UNKNOWN_CLIENT');
  }
  const back = (params: Record<string, string>): PageReply => ({
    redirect: redirectWith(current.redirectUri, { ...params, state: current.state }),
  });
  if (form.action === 'decline') {
    await advance(models, current, form.form_token, { stage: 'done' });
    return back({ error: 'access_denied', error_description: 'The user declined.' });
  }
  if (!network) {
    await advance(models, current, form.form_token, { stage: 'done' });
    return back({ error: 'invalid_request', error_description: 'The network no longer exists.' });
  }
  const scopes = current.scope.split(' ');

  if (current.stage === 'login') {
    if (form.action !== 'login') throw new DomainError('BAD_REQUEST', 'Sign in first.');
    const member = await signIn(models, checkPassword, form, current.networkEID, ctx.clientAddress);
    const next = newOpaqueToken();
    if (member === 'locked' || !member) {
      if (current.failedLogins + 1 >= MAX_FAILED_SIGN_INS) {
        await advance(models, current, form.form_token, { stage: 'done' });
        return back({ error: 'access_denied', error_description: 'Too many failed sign-ins.' });
      }
      await advance(models, current, form.form_token, { next, failedLogins: current.failedLogins + 1 });
      return {
        html: loginPage(
          pageContext(ctx, next, client, network, scopes),
          member === 'locked'
            ? SIGN_IN_LOCKED_MESSAGE
            : `The email or password is wrong, or the account is not a member of ${network.name}.`,
        ),
        formTargets: [current.redirectUri],
      };
    }
    await advance(models, current, form.form_token, {
      next,
      stage: 'consent',
      accountId: member.accountId,
      profileEID: member.profileEID,
    });
    return {
      html: consentPage(pageContext(ctx, next, client, network, scopes), member.name),
      formTargets: [current.redirectUri],
    };
  }

  if (form.action !== 'accept' || !current.accountId || !current.profileEID)
    throw new DomainError('BAD_REQUEST', 'Accept or decline.');
  await advance(models, current, form.form_token, { stage: 'done' });
  // The app may have been removed from the network while the person was signing in.
  if (!(await appMayActIn(models, client, current.networkEID))) {
    return back({ error: 'access_denied', error_description: 'The app is not installed in this network.' });
  }
  const code = newOpaqueToken();
  const familyId = randomUUID();
  // Recorded first: a grant whose code never arrives has no tokens and is never listed.
  await recordGrant(models, {
    networkEID: current.networkEID,
    profileEID: current.profileEID,
    clientId: current.clientId,
    familyId,
    scope: current.scope,
  });
  await models.AuthorizationCode.create({
    hash: sha256(code),
    clientId: current.clientId,
    redirectUri: current.redirectUri,
    accountId: current.accountId,
    networkEID: current.networkEID,
    scope: current.scope,
    codeChallenge: current.codeChallenge ?? null,
    familyId,
    expiresAt: new Date(Date.now() + AUTHORIZATION_CODE_TTL_SECONDS * 1000),
  });
  // Spec: apps whose external entry point has `urlAppendNetwork` learn the network on the redirect.
  return back({ code, ...(await networkParametersFor(models, current.clientId, network, ctx)) });
}

/** Moves the request to its next step, replacing the form token; a form posted twice loses here. */
async function advance(
  models: OAuthStore,
  current: AuthorizationRequestDoc,
  presentedToken: string,
  change: {
    next?: string;
    stage?: 'consent' | 'done';
    failedLogins?: number;
    accountId?: string;
    profileEID?: string;
  },
): Promise<void> {
  const { next, ...fields } = change;
  const advanced = await models.AuthorizationRequest.findOneAndUpdate(
    { _id: current._id, formTokenHash: sha256(presentedToken), stage: current.stage },
    // A finished request keeps no usable token: a random hash nobody holds.
    { $set: { ...fields, formTokenHash: sha256(next ?? newOpaqueToken()) } },
  ).lean();
  if (!advanced) throw new DomainError('OAUTH_FORM_EXPIRED');
}

/** Same checks as the password grant (throttle, one verification), plus active membership of the network. */
async function signIn(
  models: OAuthStore,
  checkPassword: PasswordChecker,
  form: AuthorizationForm,
  networkEID: string,
  clientAddress: string | undefined,
): Promise<{ accountId: string; profileEID: string; name: string } | 'locked' | null> {
  const email = (form.email ?? '').trim().toLowerCase();
  let account;
  try {
    account = await checkPassword({
      filter: { email },
      signInName: email,
      password: form.password ?? '',
      clientAddress,
    });
  } catch (error) {
    if (error instanceof SignInLockedError) return 'locked';
    throw error;
  }
  if (!account) return null;
  const profile = await models.Profile.findOne({
    accountId: String(account._id),
    networkEID,
    userState: 'active',
  }).lean();
  if (!profile) return null;
  const name = `${account.firstName} ${account.lastName}`.trim() || (account.email ?? '');
  return { accountId: String(account._id), profileEID: String(profile._id), name };
}

/**
 * `idp=<id>`: the redirect to the provider's configured loginUrl, else the error page naming why
 * (the gateway escapes the value). Without a network it is always the page.
 */
function identityProviderRedirect(network: NetworkDoc | null, id: string): PageReply {
  const choice = chooseIdentityProvider(network, id);
  if ('loginUrl' in choice) return { redirect: choice.loginUrl };
  const asked = JSON.stringify(id);
  const why: Record<typeof choice.refused, string> = {
    malformed: `idp ${asked} is not an identity provider id (lower-case letters, digits, "_" and "-", at most 64).`,
    'no-network': `idp ${asked} names an identity provider of a network, but no network is given (add network=<subdomain>).`,
    'sso-disabled': `Single sign-on is not enabled in ${network?.name ?? 'this network'}, so idp ${asked} cannot be used.`,
    unknown: `${network?.name ?? 'This network'} has no identity provider ${asked}.`,
  };
  throw new DomainError('OAUTH_UNKNOWN_IDENTITY_PROVIDER', why[choice.refused]);
}

/** `network=` is a subdomain or a network EID. */
async function chosenNetwork(models: OAuthStore, network: string | undefined): Promise<NetworkDoc | null> {
  if (!network) return null;
  const subdomain = network.toLowerCase();
  if (isEid(network)) return models.Network.findById(network).lean<NetworkDoc>();
  return models.Network.findOne({ subdomain }).lean<NetworkDoc>();
}

/** `acme` of `acme.ncs.example[:port]`; nothing for an IP address or a name with fewer than three labels. */
function subdomainOf(host: string | undefined): string | undefined {
  const hostname = (host ?? '').replace(/:\d+$/, '');
  if (/^[\d.]+$/.test(hostname) || hostname.startsWith('[')) return undefined;
  const labels = hostname.split('.');
  return labels.length >= 3 ? labels[0] : undefined;
}

function pageContext(
  ctx: RequestContext,
  formToken: string,
  client: ClientDoc,
  network: NetworkDoc,
  scopes: readonly string[],
): PageContext {
  const basePath = ctx.baseUrl ? new URL(ctx.baseUrl).pathname.replace(/\/$/, '') : '';
  return { action: `${basePath}/auth`, formToken, appName: client.name, networkName: network.name, scopes };
}
