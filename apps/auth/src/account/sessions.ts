/**
 * The caller's sessions: a session is a token family, the tokens descended from one
 * sign-in (a password grant, or an authorization-code grant bound to one network). Live: a token of
 * the family is neither revoked nor expired. Ending one revokes its tokens (`revokeTokens`, which
 * tells the gateway); another person's session is 404, as one that does not exist.
 */
import { DomainError, toTimestamp, type RequestContext } from '@ncs/contracts';
import { pageOfItems, type Page } from '@ncs/service-kit';
import type { EventSink } from '../core/dependencies.js';
import type { AccountStore } from './dependencies.js';
import type { TokenDoc } from '../core/client-models.js';
import { revokeTokens } from '../core/token-revocation.js';

/** The newest live tokens read per call: sessions beyond them (thousands of sign-ins) are not listed. */
const MAX_TOKENS_READ = 500;

function accountOf(ctx: RequestContext): string {
  const accountId = ctx.principal?.accountId;
  if (!accountId) throw new DomainError('APPS_ERR_USER_TOKEN_REQUIRED');
  return accountId;
}

interface Session {
  familyId: string;
  clientId: string;
  grantType: string;
  networkEID: string | null;
  created: Date;
  expiresAt: Date | null;
}

/** Live tokens grouped by family, newest session first. */
export function sessionsOf(tokens: readonly TokenDoc[], now: Date): Session[] {
  const byFamily = new Map<string, Session>();
  for (const token of tokens) {
    if (token.expiresAt && token.expiresAt <= now) continue;
    const known = byFamily.get(token.familyId);
    if (!known) {
      byFamily.set(token.familyId, {
        familyId: token.familyId,
        clientId: token.clientId,
        grantType: token.grantType ?? 'password',
        networkEID: token.networkEID ?? null,
        created: token.created,
        expiresAt: token.expiresAt ?? null,
      });
      continue;
    }
    if (token.created < known.created) known.created = token.created;
    if (known.expiresAt && (!token.expiresAt || token.expiresAt > known.expiresAt)) {
      known.expiresAt = token.expiresAt ?? null;
    }
  }
  return [...byFamily.values()].sort((a, b) => b.created.getTime() - a.created.getTime());
}

export async function listSessions(models: AccountStore, ctx: RequestContext, page: Page) {
  const accountId = accountOf(ctx);
  const tokens = await models.Token.find({ accountId, revokedAt: null })
    .sort({ created: -1 })
    .limit(MAX_TOKENS_READ)
    .lean<TokenDoc[]>();
  const sessions = sessionsOf(tokens, new Date());
  const clientIds = [...new Set(sessions.map((s) => s.clientId))];
  const clients = await models.Client.find({ clientId: { $in: clientIds } }, { clientId: 1, name: 1 }).lean();
  const names = new Map(clients.map((c) => [c.clientId, c.name]));
  const items = sessions.map((session) => ({
    type: 'session',
    EID: session.familyId,
    client: { clientId: session.clientId, name: names.get(session.clientId) ?? null },
    grantType: session.grantType,
    network: session.networkEID ? { type: 'network', EID: session.networkEID } : null,
    created: toTimestamp(session.created),
    expiresAt: session.expiresAt ? toTimestamp(session.expiresAt) : null,
  }));
  return pageOfItems({ itemType: 'session', rel: 'sessions' }, page, items);
}

export async function endSession(
  models: AccountStore,
  events: EventSink,
  ctx: RequestContext,
  sessionId: string,
): Promise<void> {
  const accountId = accountOf(ctx);
  const now = new Date();
  const live = await models.Token.exists({
    accountId,
    familyId: sessionId,
    revokedAt: null,
    $or: [{ expiresAt: null }, { expiresAt: { $gt: now } }],
  });
  if (!live) throw new DomainError('ACCOUNT_ERR_SESSION_NOT_FOUND');
  await revokeTokens(models, events, { accountId, familyId: sessionId });
}

/**
 * The caller's own access token (token status): the gateway passes what the token stands for on
 * account routes (`principal.token`), never the token; the grant is the client's and the account's.
 */
export async function getTokenStatus(models: AccountStore, ctx: RequestContext) {
  const token = ctx.principal?.token;
  if (!token) throw new DomainError('FORBIDDEN', 'The request carries no token.');
  const client = await models.Client.findOne({ clientId: token.clientId }, { name: 1 }).lean();
  const accountId = ctx.principal?.accountId;
  return {
    type: 'token_status',
    client: { clientId: token.clientId, name: client?.name ?? null },
    grantType: !accountId ? 'client_credentials' : token.networkEID ? 'authorization_code' : 'password',
    scopes: token.scopes ? [...token.scopes] : null,
    expiresAt: token.expiresAt ? toTimestamp(new Date(token.expiresAt)) : null,
    network: token.networkEID ? { type: 'network', EID: token.networkEID } : null,
    account: Boolean(accountId),
  };
}
