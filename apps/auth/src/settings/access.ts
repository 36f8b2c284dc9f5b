/**
 * Who may read and write the network's menu, widgets, themes and lobby data: every active member
 * reads; only network administrators write (docs/decisions.md, "Directory: menu, widgets, themes,
 * lobby and counters").
 */
import { MANAGE_NETWORK } from '../core/permissions.js';
import { DomainError, type RequestContext } from '@ncs/contracts';
import { findCallerNetwork } from '../core/callers.js';
import type { NetworkDoc } from '../core/models.js';
import type { SettingsStore } from './dependencies.js';

export interface SettingsCaller {
  readonly networkEID: string;
  readonly profileEID: string;
  readonly external: boolean;
  readonly isAdmin: boolean;
  readonly network: NetworkDoc;
}

/** The caller as an active member of the request's network (404 otherwise, also for app tokens). */
export async function settingsCaller(models: SettingsStore, ctx: RequestContext): Promise<SettingsCaller> {
  const network = await findCallerNetwork(models, ctx);
  const principal = ctx.principal!;
  return {
    networkEID: String(network._id),
    profileEID: principal.profileEID!,
    external: principal.external,
    isAdmin: principal.permissions.includes(MANAGE_NETWORK),
    network,
  };
}

export function requireNetworkAdmin(caller: SettingsCaller): void {
  if (!caller.isAdmin) throw new DomainError('AUTH_ERR_NOT_NETWORK_ADMIN');
}

export const actorOf = (caller: SettingsCaller) => ({ type: 'user', EID: caller.profileEID });
