/**
 * What the network menu tests share (menu-builtin-and-app-items.test.ts, menu-custom-links.test.ts):
 * the menu's shape, its path, and custom links written with a PUT.
 */
import type { Static } from '@sinclair/typebox';
import type { MenuItemResource } from '@ncs/contracts';
import { call, mediaType } from '../../support/api.js';
import type { TestNetwork } from '../../support/factories/core.js';

type MenuItem = Static<typeof MenuItemResource>;
export interface Menu {
  type: string;
  device: string;
  version: string;
  _links: Record<string, { href: string }>;
  _embedded: { items: MenuItem[] };
}

export const menuPath = (network: TestNetwork, query = '') => `/networks/${network.networkEID}/menu/${query}`;

export async function putLinks(
  network: TestNetwork,
  token: string,
  customLinks: unknown[],
  version?: string,
) {
  return call<Menu>(menuPath(network), {
    token,
    method: 'PUT',
    json: { customLinks },
    ...(version ? { accept: mediaType(version) } : {}),
  });
}
