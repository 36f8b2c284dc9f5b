/**
 * Errors of the directory area "Menu, widgets, network themes, lobby, badge counters": codes -170 … -189. Spread into the catalogue (errors.ts);
 * docs/errors.md lists them in the same order.
 */
import type { ErrorDefinition } from './errors.js';

export const settingsErrors = {} as const satisfies Record<string, ErrorDefinition>;
