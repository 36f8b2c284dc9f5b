/**
 * Directory: network operations (issue #15, part 2). The spec's write context of the network:
 * `sso`, `favicon`, `theme` (a theme of the same network) and `emailDeliveryFormat`, as
 * `PUT /networks/{networkEID}` stores them and the network shows them (`sso` to administrators
 * only: it is configuration of the sign-in, not for every member).
 */
import { DomainError, isEid } from '@ncs/contracts';
import type { AuthModels } from '../models.js';
import type { NetworkDoc } from './models.js';

/** The write-context fields of a validated `PUT /networks/{networkEID}` body. */
interface Body {
  readonly sso?: { enabled: boolean; loginUrl: string | null; logoutUrl?: string | null } | null;
  readonly favicon?: { url: string; mimeType?: string } | null;
  readonly theme?: { type: 'network_theme'; EID: string } | null;
  readonly emailDeliveryFormat?: string;
}

/** The stored changes of the write-context fields of a body; a theme of another network is 400. */
export async function writeContextChanges(
  models: AuthModels,
  networkEID: string,
  body: Body,
): Promise<Record<string, unknown>> {
  const changes: Record<string, unknown> = {};
  if (body.emailDeliveryFormat !== undefined) changes.emailDeliveryFormat = body.emailDeliveryFormat;
  if (body.sso !== undefined) {
    changes.sso = body.sso && { ...body.sso, logoutUrl: body.sso.logoutUrl ?? null };
  }
  if (body.favicon !== undefined) changes.favicon = body.favicon;
  if (body.theme !== undefined) {
    const themeEID = body.theme?.EID ?? null;
    if (themeEID !== null) {
      const found = isEid(themeEID) && (await models.NetworkTheme.exists({ _id: themeEID, networkEID }));
      if (!found) {
        throw new DomainError('NETWORK_ERR_THEME_UNKNOWN', undefined, [
          { pointer: '/body/theme/EID', message: 'must be a theme of this network' },
        ]);
      }
    }
    changes.themeEID = themeEID;
  }
  return changes;
}

/** The write-context fields as the network shows them. */
export function presentWriteContext(network: NetworkDoc, admin: boolean): Record<string, unknown> {
  const sso = network.sso;
  return {
    ...(admin
      ? {
          sso: sso
            ? {
                enabled: Boolean(sso.enabled),
                loginUrl: sso.loginUrl ?? null,
                logoutUrl: sso.logoutUrl ?? null,
              }
            : null,
        }
      : {}),
    favicon: network.favicon?.url
      ? {
          url: network.favicon.url,
          ...(network.favicon.mimeType ? { mimeType: network.favicon.mimeType } : {}),
        }
      : null,
    theme: network.themeEID ? { type: 'network_theme', EID: network.themeEID } : null,
    emailDeliveryFormat: network.emailDeliveryFormat ?? 'html',
  };
}
